import { deepFreeze } from '@toolpipe/core'
import type { JsonValue } from '@toolpipe/core'
import { describe, expect, it } from 'vitest'
import { mutableCopy } from './mutable-copy.js'

describe('mutableCopy', () => {
  it('copies frozen JSON data into fresh, unfrozen containers at every level', () => {
    const args = deepFreeze({ edits: [{ path: 'a', lines: [1, 2] }], dryRun: false }) as JsonValue
    const copy = mutableCopy(args) as { edits: { path: string; lines: number[] }[] }
    expect(copy).toEqual(args)
    expect(copy).not.toBe(args)
    expect(Object.isFrozen(copy)).toBe(false)
    expect(Object.isFrozen(copy.edits)).toBe(false)
    expect(Object.isFrozen(copy.edits[0])).toBe(false)
    expect(Object.isFrozen(copy.edits[0]?.lines)).toBe(false)
    copy.edits[0]!.lines.push(3)
    expect((args as typeof copy).edits[0]?.lines).toEqual([1, 2])
  })

  it('hands scalars back as they are', () => {
    for (const scalar of ['a', 1, true, null]) expect(mutableCopy(scalar)).toBe(scalar)
  })

  it('keeps a __proto__ member as an own data member', () => {
    const copy = mutableCopy(JSON.parse('{"__proto__":{"polluted":true}}') as JsonValue)
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype)
    expect(Object.keys(copy as object)).toEqual(['__proto__'])
    expect((copy as { polluted?: unknown }).polluted).toBeUndefined()
  })
})
