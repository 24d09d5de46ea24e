import { describe, expect, it } from 'vitest'
import { jsonOf, maxInputSize, measureArguments, subjectsSize, withCommand } from './call-input.js'

function nested(levels: number): unknown {
  let value: unknown = 1
  for (let level = 0; level < levels; level++) value = { a: value }
  return value
}

describe('measureArguments (SPEC §26, bounded work)', () => {
  it('counts every string and key by its length, every value one more, and how deep they go', () => {
    expect(measureArguments('abc')).toEqual({ size: 4, depth: 0 })
    // The object (1), "command" (7) and its value (1 + 5), [ (1), 1 (1), null (1), true (1).
    expect(measureArguments({ command: 'ls -l', list: [1, null, true] })).toEqual({
      size: 1 + 7 + 1 + 5 + 4 + 1 + 3,
      depth: 2,
    })
    expect(measureArguments(new Uint8Array(10))).toEqual({ size: 11, depth: 0 })
  })

  it('measures 100,000 levels of nesting without recursion, stopping past the bound', () => {
    const deep = measureArguments(nested(100_000))
    expect(deep?.size).toBeGreaterThan(maxInputSize)
    expect(measureArguments(nested(5_000))).toEqual({ size: 10_001, depth: 5_000 })
  })

  it('stops at once on an array or a string past the bound, however long', () => {
    expect(measureArguments(new Array(2 ** 30))?.size).toBeGreaterThan(maxInputSize)
    expect(measureArguments({ q: 'x'.repeat(300_000) })?.size).toBeGreaterThan(maxInputSize)
    const wide = Object.fromEntries(
      Array.from({ length: 50_000 }, (_, index) => [`k${String(index)}`, 1]),
    )
    expect(measureArguments(wide)?.size).toBeGreaterThan(maxInputSize)
  })

  it('cannot read arguments whose getter or Proxy trap throws', () => {
    const getter = Object.defineProperty({}, 'x', {
      enumerable: true,
      get: () => {
        throw new Error('no')
      },
    })
    expect(measureArguments({ a: [getter] })).toBeUndefined()
    const proxy = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('no')
        },
      },
    )
    expect(measureArguments(proxy)).toBeUndefined()
  })
})

describe('subjectsSize', () => {
  it('adds up every command, cwd, path and URL', () => {
    expect(
      subjectsSize([
        { kind: 'command', command: 'ls', cwd: '/tmp' },
        { kind: 'read', path: 'a.txt' },
        { kind: 'fetch', url: 'https://x' },
      ]),
    ).toBe(2 + 4 + 5 + 9)
    expect(subjectsSize(undefined)).toBe(0)
  })
})

describe('jsonOf and withCommand', () => {
  it('gives the canonical JSON, or nothing when making it throws', () => {
    expect(jsonOf(() => ({ b: 1, a: [true] }))).toBe('{"a":[true],"b":1}')
    expect(jsonOf(() => ({ big: 1n }))).toBeUndefined()
    expect(
      jsonOf(() =>
        withCommand(
          new Proxy(
            {},
            {
              ownKeys: () => {
                throw new Error('no')
              },
            },
          ),
          'ls',
        ),
      ),
    ).toBeUndefined()
  })

  it('sets command on a copy of an object of arguments, or makes one', () => {
    const args = { command: 'a; b', cwd: '/x' }
    expect(withCommand(args, 'b')).toEqual({ command: 'b', cwd: '/x' })
    expect(args.command).toBe('a; b')
    expect(withCommand(['a'], 'b')).toEqual({ command: 'b' })
  })
})
