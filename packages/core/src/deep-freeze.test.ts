import { describe, expect, it } from 'vitest'
import { deepFreeze } from './deep-freeze.js'

describe('deepFreeze', () => {
  it('freezes every container in place and returns the same value', () => {
    const value = { a: [{ b: 1 }, [2]], c: { d: 'e' } }
    const frozen = deepFreeze(value)
    expect(frozen).toBe(value)
    for (const container of [value, value.a, value.a[0], value.a[1], value.c]) {
      expect(Object.isFrozen(container)).toBe(true)
    }
    expect(() => {
      'use strict'
      ;(value.c as Record<string, string>).d = 'changed'
    }).toThrow(TypeError)
  })

  it('walks past null members and items', () => {
    const value = { a: null, list: [null, { b: null }, 1], c: { d: 'e' } }
    deepFreeze(value)
    for (const container of [value, value.list, value.list[1], value.c]) {
      expect(Object.isFrozen(container)).toBe(true)
    }
  })

  it('freezes only objects and arrays: a function is left as it is', () => {
    const callback = (): number => 1
    expect(deepFreeze(callback)).toBe(callback)
    expect(Object.isFrozen(callback)).toBe(false)
    const holder = { callback, list: [callback] }
    deepFreeze(holder)
    expect(Object.isFrozen(holder.list)).toBe(true)
    expect(Object.isFrozen(callback)).toBe(false)
  })

  it('returns scalars unchanged', () => {
    for (const scalar of [null, true, 0, 'text']) expect(deepFreeze(scalar)).toBe(scalar)
  })

  it('freezes what lies below an already-frozen container', () => {
    const inner = { x: 1 }
    const outer = Object.freeze({ inner, list: [inner] })
    deepFreeze(outer)
    expect(Object.isFrozen(inner)).toBe(true)
    expect(Object.isFrozen(outer.list)).toBe(true)
  })

  it('terminates on shared and cyclic references', () => {
    const node: Record<string, unknown> = { name: 'n' }
    node.self = node
    node.list = [node, node]
    deepFreeze(node)
    expect(Object.isFrozen(node)).toBe(true)
    expect(Object.isFrozen(node.list)).toBe(true)
  })

  it('handles 100,000 levels of nesting without exhausting the stack', () => {
    let value: unknown[] = []
    const root = value
    for (let level = 0; level < 100_000; level++) {
      const next: unknown[] = []
      value.push(next)
      value = next
    }
    deepFreeze(root)
    expect(Object.isFrozen(value)).toBe(true)
  })
})
