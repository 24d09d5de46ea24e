import { revokedProxy, throwingGetter, throwingProxy, trapThrowing } from '@toolpipe/hostile-values'
import { describe, expect, it } from 'vitest'
import { normalizeArgs } from './normalize-args.js'
import type { SchemaSpec } from './schema-spec.js'

// SPEC §9.3's null→absent rule runs at step 4 of every call, on what a model sent: hostile input
// (SPEC §11). `normalizeArgs` is documented "never mutates `args` and never throws on them": a
// value it cannot read comes back as given, for validation to refuse. Before, each row below
// threw what the getter or trap threw (a TypeError for the revoked Proxy) out of the call.

const spec = {
  a: { type: 'string' },
  b: { type: 'number' },
  nested: { type: 'object', properties: { c: { type: 'string' } } },
  wrapped: { type: 'object', properties: { value: { type: 'string' } } },
  either: {
    anyOf: [
      { type: 'object', properties: { d: { type: 'string' } } },
      { type: 'array', items: { type: 'string' } },
    ],
  },
} as const satisfies SchemaSpec

/** An object whose getter `name` throws, beside `members`. */
function withThrowingGetter(name: string, members: Record<string, unknown> = {}): object {
  return Object.defineProperty({ ...members }, name, {
    enumerable: true,
    get: (): never => {
      throw new Error(`getter ${name}`)
    },
  })
}

const hostileArgs: readonly (readonly [string, () => unknown])[] = [
  ['a getter that throws on a declared member', () => withThrowingGetter('a')],
  [
    'a getter that throws on an undeclared member, beside a null to remove',
    () => withThrowingGetter('z', { b: null }),
  ],
  [
    'a getter that throws below, beside a null to remove',
    () => ({ b: null, nested: withThrowingGetter('c') }),
  ],
  ['a getter that throws inside an anyOf member', () => ({ either: withThrowingGetter('d') })],
  [
    'an object whose getter throws, copied to remove its null member',
    () => ({ wrapped: throwingGetter(null) }),
  ],
  [
    'a Proxy whose ownKeys trap throws',
    () => trapThrowing({ a: null, b: null }, 'ownKeys', new Error('ownKeys')),
  ],
  [
    'a Proxy whose getOwnPropertyDescriptor trap throws',
    () => trapThrowing({ b: null }, 'getOwnPropertyDescriptor'),
  ],
  ['a Proxy whose every trap throws', () => throwingProxy({ b: null })],
  ['a Proxy whose every trap throws, below', () => ({ b: null, nested: throwingProxy() })],
  ['a Proxy whose every trap throws, in an anyOf', () => ({ either: throwingProxy([null]) })],
  ['a revoked Proxy', () => revokedProxy()],
  ['a revoked Proxy, below', () => ({ b: null, nested: revokedProxy() })],
]

describe('normalizeArgs never throws on hostile arguments (SPEC §9.3, §11)', () => {
  it.each(hostileArgs)('%s: returned as given', (_, make) => {
    const args = make()
    let result: unknown
    expect(() => {
      result = normalizeArgs(spec, args)
    }).not.toThrow()
    expect(result).toBe(args)
  })

  it('still removes the nulls of readable arguments beside those cases', () => {
    expect(normalizeArgs(spec, { a: 'x', b: null, nested: { c: null } })).toEqual({
      a: 'x',
      nested: {},
    })
  })
})
