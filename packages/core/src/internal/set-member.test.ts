import { describe, expect, it } from 'vitest'
import { setMember } from './set-member.js'

describe('setMember', () => {
  it('assigns an ordinary key', () => {
    const copy: Record<string, unknown> = {}
    setMember(copy, 'path', 'a.txt')
    expect(copy).toEqual({ path: 'a.txt' })
    expect(Object.getOwnPropertyDescriptor(copy, 'path')).toEqual({
      value: 'a.txt',
      writable: true,
      enumerable: true,
      configurable: true,
    })
  })

  it('defines __proto__ as an own data member and never sets the prototype', () => {
    const copy: Record<string, unknown> = {}
    const value = { polluted: true }
    setMember(copy, '__proto__', value)
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype)
    expect(Object.keys(copy)).toEqual(['__proto__'])
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')).toEqual({
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    })
    expect((copy as { polluted?: unknown }).polluted).toBeUndefined()
  })
})
