import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { describeInstance } from './describe-instance.js'
import { describeThrown } from './describe-thrown.js'
import { isPlainArray } from './is-plain-array.js'
import { isPlainObject } from './is-plain-object.js'

const { proxy: revoked, revoke } = Proxy.revocable({}, {})
revoke()
class Point {
  x = 1
}
class List extends Array<number> {}

describe('isPlainObject', () => {
  it('accepts plain, null-prototype and other-realm objects', () => {
    expect(isPlainObject({})).toBe(true)
    expect(isPlainObject(JSON.parse('{"__proto__": 1}'))).toBe(true)
    expect(isPlainObject(Object.create(null))).toBe(true)
    expect(isPlainObject(runInNewContext('({ a: 1 })'))).toBe(true)
  })

  it('refuses arrays, instances, scalars and hostile Proxies without throwing', () => {
    for (const value of [
      [],
      new Map(),
      new Date(),
      new Point(),
      Object(1),
      null,
      'x',
      1,
      revoked,
    ]) {
      expect(isPlainObject(value)).toBe(false)
    }
    expect(isPlainObject(Object.create(Object.create(null) as object))).toBe(false)
  })
})

describe('isPlainArray', () => {
  it('accepts arrays of this realm and another', () => {
    expect(isPlainArray([1])).toBe(true)
    expect(isPlainArray(runInNewContext('[1, 2]'))).toBe(true)
  })

  it('refuses Array subclasses, array-likes and hostile Proxies without throwing', () => {
    for (const value of [List.from([1]), { length: 0 }, new Uint8Array(1), 'ab', revoked]) {
      expect(isPlainArray(value)).toBe(false)
    }
  })
})

describe('describeInstance', () => {
  it('names the class, or says why it cannot', () => {
    expect(describeInstance(new Map())).toBe('an instance of Map')
    expect(describeInstance(new Point())).toBe('an instance of Point')
    expect(describeInstance(Object.create(Object.create(null) as object) as object)).toBe(
      'an object with a custom prototype',
    )
    expect(describeInstance(revoked)).toBe('an unreadable object')
  })
})

describe('describeThrown', () => {
  it('uses a message string, else String(x), else a placeholder', () => {
    expect(describeThrown(new Error('disk full'))).toBe('disk full')
    expect(describeThrown({ message: 'from an object' })).toBe('from an object')
    expect(describeThrown({ message: 42 })).toBe('[object Object]')
    expect(describeThrown('text')).toBe('text')
    expect(describeThrown(undefined)).toBe('undefined')
    expect(describeThrown(Symbol('s'))).toBe('Symbol(s)')
    expect(describeThrown(Object.create(null))).toBe('<unprintable thrown value>')
    expect(describeThrown(revoked)).toBe('<unprintable thrown value>')
    const hostile = {
      get message(): never {
        throw new Error('getter')
      },
    }
    expect(describeThrown(hostile)).toBe('<unprintable thrown value>')
  })
})
