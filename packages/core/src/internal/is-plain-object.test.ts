import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { isPlainObject } from './is-plain-object.js'
import { Point, throwing } from '../__fixtures__/plain-data.js'
import { revokedProxy } from '@toolpipe/hostile-values'

const revoked = revokedProxy()

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
