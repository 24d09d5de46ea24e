import { describe, expect, it } from 'vitest'
import { checkDefault } from './check-default.js'
import { compiledSpec } from './compile-spec.js'

const [limit] = compiledSpec({ limit: { type: 'integer', minimum: 1 } }).fields

function check(value: unknown) {
  const mistakes: string[] = []
  const snapshot = checkDefault(limit!, value, (text) => mistakes.push(text))
  return { snapshot, mistakes }
}

describe('checkDefault', () => {
  it('keeps a snapshot of a default its own prop accepts', () => {
    expect(check(10)).toEqual({ snapshot: 10, mistakes: [] })
  })

  it('refuses a default the prop refuses, with the prop’s words', () => {
    expect(check(0)).toEqual({
      snapshot: undefined,
      mistakes: ['does not match its own property: the value must be at least 1, got 0'],
    })
  })

  it('refuses a default that is not JSON, or cannot be read', () => {
    expect(check([1, Number.NaN]).mistakes).toEqual([
      'is not JSON at default[1]: NaN is not a finite number',
    ])
    const unreadable = {
      get value(): never {
        throw new Error('boom')
      },
    }
    expect(check(unreadable).mistakes).toEqual(['could not be read: boom'])
  })
})
