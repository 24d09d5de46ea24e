import { runInNewContext } from 'node:vm'
import { throwingProxy } from '@toolpipe/hostile-values'
import { describe, expect, it } from 'vitest'
import { isPlainArrayPrototype, isPlainObjectPrototype, prototypeOf } from './plain-prototype.js'

const foreignObject = prototypeOf(runInNewContext('({})') as object)
const foreignArray = prototypeOf(runInNewContext('[]') as object)

describe('isPlainObjectPrototype', () => {
  it('accepts no prototype, and any realm’s Object.prototype', () => {
    expect(isPlainObjectPrototype(null)).toBe(true)
    expect(isPlainObjectPrototype(Object.prototype)).toBe(true)
    expect(isPlainObjectPrototype(foreignObject)).toBe(true)
  })

  it('refuses any other prototype, and one that only imitates Object.prototype', () => {
    expect(isPlainObjectPrototype(Array.prototype)).toBe(false)
    expect(isPlainObjectPrototype(class Point {}.prototype)).toBe(false)
    const imitation = Object.create(null) as Record<string, unknown>
    function Object_() {}
    Object.defineProperty(Object_, 'name', { value: 'Object' })
    imitation.constructor = Object_
    expect(isPlainObjectPrototype(imitation)).toBe(false)
    expect(isPlainObjectPrototype(throwingProxy())).toBe(false)
  })
})

describe('isPlainArrayPrototype', () => {
  it('accepts any realm’s Array.prototype', () => {
    expect(isPlainArrayPrototype(Array.prototype)).toBe(true)
    expect(isPlainArrayPrototype(foreignArray)).toBe(true)
  })

  it('refuses a subclass’s prototype, no prototype, and a Proxy whose traps throw', () => {
    class List extends Array<number> {}
    expect(isPlainArrayPrototype(List.prototype)).toBe(false)
    expect(isPlainArrayPrototype(null)).toBe(false)
    expect(isPlainArrayPrototype(Object.prototype)).toBe(false)
    expect(isPlainArrayPrototype(throwingProxy([]))).toBe(false)
  })
})

describe('prototypeOf', () => {
  it('is Object.getPrototypeOf', () => {
    expect(prototypeOf([])).toBe(Array.prototype)
    expect(prototypeOf(Object.create(null) as object)).toBeNull()
  })
})
