import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { assertValidSchemaSpec } from './assert-valid-schema-spec.js'
import { checkArgs } from './check-args.js'
import { SchemaSpecError } from './schema-spec-error.js'
import type { SchemaSpec } from './schema-spec.js'
import { ToolArgsError } from './tool-args-error.js'
import { validateArgs } from './validate-args.js'
import { propertyParameters } from '../../../property-runs.shared.js'
import { revokedProxy, trapThrowing } from '@toolpipe/hostile-values'

// SPEC §9.1: bounded work on untrusted arguments, and the one engine's guarantees in checkArgs.

const listSpec = {
  list: {
    type: 'array',
    items: { type: 'object', properties: { n: { type: 'number', required: true } } },
  },
} as const satisfies SchemaSpec

describe('at most 100 issues', () => {
  it('then one too_many_issues issue, and the rest is not checked', () => {
    let reads = 0
    const list = Array.from({ length: 10_000 }, () => ({
      get n(): string {
        reads++
        return 'x'
      },
    }))
    const issues = checkArgs(listSpec, { list })
    expect(issues).toHaveLength(101)
    expect(issues[99]).toMatchObject({ code: 'invalid_type', path: ['list', 99, 'n'] })
    expect(issues[100]).toEqual({
      code: 'too_many_issues',
      path: [],
      message:
        'more than 100 issues: the first 100 are listed, and the rest of the arguments was not checked',
      limit: 100,
    })
    expect(reads).toBeLessThan(250)
  })

  it('lists a union whose alternatives alone would pass the limit, with the issues that fit', () => {
    // 20 alternatives, each missing six members: 120 alternative issues and the union.
    const union = {
      anyOf: Array.from({ length: 20 }, (_, index) => ({
        type: 'object' as const,
        properties: Object.fromEntries(
          Array.from({ length: 6 }, (_, key) => [
            `p${index}_${key}`,
            { type: 'string' as const, required: true as const },
          ]),
        ),
      })),
    }
    const issues = checkArgs({ k: union }, { k: {} })
    expect(issues.map((issue) => issue.code)).toEqual(['invalid_union', 'too_many_issues'])
    const [first] = issues
    if (first?.code !== 'invalid_union') throw new Error('expected a union issue')
    expect(first.alternatives).toHaveLength(16)
    expect(first.message).toMatch(
      /^"k" matches none of the 20 members of its anyOf: .*; and 4 more$/,
    )
    expect(issues[1]?.message).toContain('the first 100 are listed')
  })

  it('a union of 100 or more members and one wrong value: one issue, every member counted (SPEC §22)', () => {
    // Before: each member's issue was charged to the budget of the whole call, the union was
    // said to have 99 members, and a too_many_issues followed though one argument was wrong.
    for (const length of [100, 101, 1000]) {
      const spec = {
        c: {
          anyOf: Array.from({ length }, (_, index) => ({
            type: 'string' as const,
            enum: [`v${index}`],
          })),
          required: true as const,
        },
        d: { type: 'number' as const, required: true as const },
      }
      const issues = checkArgs(spec, { c: 'zzz', d: 'x' })
      expect(issues.map((issue) => issue.code)).toEqual(['invalid_union', 'invalid_type'])
      const message = issues[0]?.message ?? ''
      expect(message.startsWith(`"c" matches none of the ${length} members of its anyOf: `)).toBe(
        true,
      )
      expect(
        message.endsWith(`(20) "c" must be one of "v19", got "zzz"; and ${length - 20} more`),
      ).toBe(true)
      expect(message).not.toContain('(21)')
    }
    const byType = {
      k: {
        anyOf: Array.from({ length: 100 }, (_, index) => ({
          type: 'object' as const,
          properties: { [`p${index}`]: { type: 'string' as const, required: true as const } },
        })),
      },
    }
    expect(checkArgs(byType, { k: 5 })).toMatchObject([
      { code: 'invalid_union', path: ['k'], message: '"k" must be an object, got number' },
    ])
  })

  it('in the ToolArgsError of validateArgs too', () => {
    const list = Array.from({ length: 500 }, () => ({}))
    try {
      validateArgs(listSpec, { list })
      expect.fail('expected a ToolArgsError')
    } catch (error) {
      expect(error).toBeInstanceOf(ToolArgsError)
      expect((error as ToolArgsError).issues).toHaveLength(101)
      expect((error as ToolArgsError).issues.at(-1)?.code).toBe('too_many_issues')
    }
  })
})

describe('members', () => {
  it('are own and enumerable, even when Object.prototype is polluted', () => {
    const spec = { path: { type: 'string', required: true }, mode: { type: 'string' } } as const
    Object.defineProperty(Object.prototype, 'path', {
      value: 'inherited',
      enumerable: true,
      configurable: true,
      writable: true,
    })
    try {
      expect(checkArgs(spec, {})).toMatchObject([{ code: 'missing', path: ['path'] }])
      expect(checkArgs(spec, JSON.parse('{"mode":"a"}'))).toMatchObject([
        { code: 'missing', path: ['path'] },
      ])
      expect(checkArgs(spec, { path: 'own' })).toEqual([])
      expect(() => {
        validateArgs(spec, {})
      }).toThrow(ToolArgsError)
    } finally {
      delete (Object.prototype as Record<string, unknown>).path
    }
  })
})

describe('a hostile spec', () => {
  it('gives SchemaSpecError wherever a getter or Proxy trap throws, never the raw error', () => {
    const traps = ['get', 'ownKeys', 'getOwnPropertyDescriptor', 'getPrototypeOf'] as const
    const places = [
      (hostile: object) => hostile,
      (hostile: object) => ({ a: hostile }),
      (hostile: object) => ({ a: { type: 'object', properties: hostile } }),
      (hostile: object) => ({ a: { type: 'array', items: hostile } }),
      (hostile: object) => ({ a: { type: 'string', enum: hostile } }),
      (hostile: object) => ({ a: { type: 'object', default: hostile } }),
    ]
    fc.assert(
      fc.property(
        fc.constantFrom(...traps),
        fc.constantFrom(...places),
        fc.boolean(),
        (trap, place, revoked) => {
          const hostile = revoked ? revokedProxy() : trapThrowing({ type: 'string' }, trap)
          try {
            assertValidSchemaSpec(place(hostile))
          } catch (error) {
            expect(error).toBeInstanceOf(SchemaSpecError)
          }
        },
      ),
      propertyParameters(200),
    )
  })

  it('says where it could not be read', () => {
    const spec = {
      get path(): never {
        throw new Error('no path')
      },
    }
    expect(() => {
      assertValidSchemaSpec(spec)
    }).toThrow('invalid schema spec: spec.path could not be read: no path')
    const prop = {
      type: 'object',
      get default(): never {
        throw new Error('no default')
      },
    }
    expect(() => {
      assertValidSchemaSpec({ a: prop })
    }).toThrow('invalid schema spec: spec.a.default could not be read: no default')
    const deep = {
      type: 'object',
      default: {
        get x(): never {
          throw new Error('deep')
        },
      },
    }
    expect(() => {
      assertValidSchemaSpec({ a: deep })
    }).toThrow('invalid schema spec: spec.a.default could not be read: deep')
  })
})
