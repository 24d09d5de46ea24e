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
const throwing = (): never => {
  throw new Error('trap')
}

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

  it('refuses a function, even one without a prototype', () => {
    expect(isPlainObject(() => 1)).toBe(false)
    expect(isPlainObject(Object.setPrototypeOf(() => 1, null))).toBe(false)
  })

  it('refuses objects whose prototype only imitates an Object.prototype', () => {
    // A class that happens to be called Object.
    const Impostor = { Object: class {} }.Object
    // A prototype without a prototype, as a foreign Object.prototype has, but made by a class.
    class Bare extends null {}
    // Object as the constructor, without being Object.prototype.
    const claimsObject = Object.create(null, { constructor: { value: Object } }) as object
    // A constructor that is not a function at all.
    const forged = Object.create(null) as object
    Object.defineProperty(forged, 'constructor', { value: { name: 'Object', prototype: forged } })
    for (const value of [
      new Impostor(),
      Object.create(Bare.prototype) as object,
      Object.create(claimsObject) as object,
      Object.create(forged) as object,
    ]) {
      expect(isPlainObject(value)).toBe(false)
    }
  })

  it('refuses an object whose prototype is a Proxy with a throwing trap', () => {
    const trapped = new Proxy({}, { getPrototypeOf: throwing })
    expect(isPlainObject(Object.create(trapped) as object)).toBe(false)
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

  it('refuses arrays whose prototype is not an Array.prototype', () => {
    const underObject = Object.setPrototypeOf([1], {}) as unknown[]
    const bareArray = Object.setPrototypeOf([], null) as unknown[]
    const underBareArray = Object.setPrototypeOf([1], bareArray) as unknown[]
    const underTrap = Object.setPrototypeOf(
      [1],
      new Proxy([], { getPrototypeOf: throwing }),
    ) as unknown[]
    for (const value of [underObject, underBareArray, underTrap]) {
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

  it('says custom prototype for an object without one and for an anonymous class', () => {
    expect(describeInstance(Object.create(null) as object)).toBe(
      'an object with a custom prototype',
    )
    const anonymous = [class {}][0]!
    expect(anonymous.name).toBe('')
    expect(describeInstance(new anonymous())).toBe('an object with a custom prototype')
  })
})

describe('describeThrown', () => {
  it('uses a message string, else String(x), else a placeholder', () => {
    expect(describeThrown(new Error('disk full'))).toBe('disk full')
    expect(describeThrown({ message: 'from an object' })).toBe('from an object')
    expect(describeThrown({ message: 42 })).toBe('[object Object]')
    expect(describeThrown('text')).toBe('text')
    expect(describeThrown(undefined)).toBe('undefined')
    expect(describeThrown(null)).toBe('null')
    expect(describeThrown(Object.assign(() => 1, { message: 'a thrown function' }))).toBe(
      'a thrown function',
    )
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
