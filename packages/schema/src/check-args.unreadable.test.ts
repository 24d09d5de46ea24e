import { describe, expect, it } from 'vitest'
import { codeRefused } from './__fixtures__/fused.js'
import { revoked } from './__fixtures__/spec-mistakes.js'
import { checkArgs } from './check-args.js'
import type { SchemaSpec } from './schema-spec.js'
import { validateArgs } from './validate-args.js'

/** Values that cannot be read, where the spec names no single type for them. */

const unreadableText = 'an unreadable value (a getter or Proxy trap threw)'

describe('checkArgs on unreadable values', () => {
  it('an element of an array without items: any JSON value would do, had it been readable', () => {
    const list = new Proxy(['a', 'b'], {
      get: (target, key, receiver) => {
        if (key === '1') throw new Error('no element')
        return Reflect.get(target, key, receiver) as unknown
      },
    })
    const spec = { list: { type: 'array' }, name: { type: 'string', required: true } } as const
    expect(checkArgs(spec, { list })).toMatchObject([
      {
        code: 'invalid_type',
        path: ['list', 1],
        message: `"list[1]" must be a JSON value, got ${unreadableText}`,
        expected: 'any',
        received: 'unreadable',
      },
      { code: 'missing', path: ['name'] },
    ])
  })

  it('a union member whose getter throws', () => {
    const spec = {
      target: { anyOf: [{ type: 'string' }, { type: 'integer' }], required: true },
    } as const satisfies SchemaSpec
    const args = {
      get target(): string {
        throw new Error('no target')
      },
    }
    expect(checkArgs(spec, args)).toEqual([
      {
        code: 'invalid_type',
        path: ['target'],
        message: `"target" must match one of the members of its anyOf, got ${unreadableText}`,
        expected: 'anyOf',
        received: 'unreadable',
      },
    ])
  })

  it('a revoked Proxy where a string, or a union of scalars, is wanted', () => {
    const spec = {
      name: { type: 'string' },
      id: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
    } as const satisfies SchemaSpec
    const proxy = revoked()
    expect(checkArgs(spec, { name: proxy, id: proxy })).toEqual([
      {
        code: 'invalid_type',
        path: ['name'],
        message: `"name" must be a string, got ${unreadableText}`,
        expected: 'string',
        received: 'unreadable',
      },
      {
        code: 'invalid_union',
        path: ['id'],
        message: `"id" must be a string or an integer, got ${unreadableText}`,
        alternatives: [
          [
            {
              code: 'invalid_type',
              path: ['id'],
              message: `"id" must be a string, got ${unreadableText}`,
              expected: 'string',
              received: 'unreadable',
            },
          ],
          [
            {
              code: 'invalid_type',
              path: ['id'],
              message: `"id" must be an integer, got ${unreadableText}`,
              expected: 'integer',
              received: 'unreadable',
            },
          ],
        ],
      },
    ])
  })
})

describe('validateArgs judges by the issue walk’s reading', () => {
  it('returns when a value that failed the fast check reads as valid the second time', () => {
    let reads = 0
    const args = {
      get path(): unknown {
        reads += 1
        return reads === 1 ? 42 : 'a.txt'
      },
    }
    expect(() => {
      validateArgs({ path: { type: 'string', required: true } }, args)
    }).not.toThrow()
    // The fast test's, then the walk's; where a fused walk is written (internal/fused-walk.ts), it
    // reads first, finds nothing, and leaves the answer to the general path's reading.
    expect(reads).toBe(codeRefused ? 2 : 3)
  })
})
