import { JsonSnapshotError } from '@toolpipe/core'
import { revokedProxy, throwingProxy, trapThrowing } from '@toolpipe/hostile-values'
import { describe, expect, it } from 'vitest'
import { dialects } from './dialect.js'
import { SchemaSpecError } from './schema-spec-error.js'
import type { SchemaSpec } from './schema-spec.js'
import { jsonSchemaToProviderSchema, toProviderSchema } from './to-provider-schema.js'

// SPEC §11: "A hostile schema object (Proxy traps, throwing getters) gives the package's typed
// error, never a raw one." jsonSchemaToProviderSchema refuses what is not JSON data with
// JsonSnapshotError (NOT_JSON); a schema it cannot read is refused the same way, what was thrown
// kept as the cause. Before, the getter's or trap's own error came out as it was.

const boom = new Error('boom')

/** What `run` threw. */
function thrownBy(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('expected a throw')
}

const hostileJsonSchemas: readonly (readonly [string, () => unknown])[] = [
  [
    'a throwing getter',
    () => ({
      type: 'object',
      get properties(): never {
        throw boom
      },
    }),
  ],
  [
    'a throwing getter below the root',
    () => ({ type: 'object', properties: { a: throwingProxy({}, boom) } }),
  ],
  ['a Proxy whose ownKeys trap throws', () => trapThrowing({ type: 'object' }, 'ownKeys', boom)],
  [
    'a Proxy whose getPrototypeOf trap throws',
    () => trapThrowing({ type: 'object' }, 'getPrototypeOf', boom),
  ],
  ['a Proxy whose every trap throws', () => throwingProxy({ type: 'object' }, boom)],
  ['a revoked Proxy', () => revokedProxy({ type: 'object' })],
]

describe.each(dialects)(
  'jsonSchemaToProviderSchema, %s, of a hostile schema (SPEC §11)',
  (dialect) => {
    it.each(hostileJsonSchemas)(
      '%s: JsonSnapshotError NOT_JSON, the thrown error as its cause',
      (_, make) => {
        const error = thrownBy(() => jsonSchemaToProviderSchema(make(), dialect))
        expect(error).toBeInstanceOf(JsonSnapshotError)
        expect(error).toMatchObject({ code: 'NOT_JSON', path: '$' })
        const { message, cause } = error as JsonSnapshotError
        expect(message).toMatch(
          /^not JSON at \$: the schema could not be read \(a getter or Proxy trap threw\): /,
        )
        expect(cause).toBeDefined()
        if (cause !== boom) expect(cause).toBeInstanceOf(TypeError)
      },
    )

    it('keeps the error of a value that is not JSON as it was', () => {
      const error = thrownBy(() =>
        jsonSchemaToProviderSchema({ type: 'object', properties: { a: () => 1 } }, dialect),
      )
      expect(error).toMatchObject({ code: 'NOT_JSON', path: '$.properties.a' })
    })
  },
)

describe('toProviderSchema of a hostile spec (SPEC §11)', () => {
  it.each([
    ['a revoked Proxy', revokedProxy()],
    ['a Proxy whose ownKeys trap throws', trapThrowing({}, 'ownKeys', boom)],
    [
      'a prop whose getter throws',
      {
        a: {
          type: 'string',
          get description(): never {
            throw boom
          },
        },
      },
    ],
  ] as const)('%s: SchemaSpecError, the thrown error as its cause', (_, spec) => {
    for (const dialect of dialects) {
      const error = thrownBy(() => toProviderSchema(spec as SchemaSpec, dialect))
      expect(error).toBeInstanceOf(SchemaSpecError)
      expect(error).toMatchObject({ code: 'INVALID_SCHEMA_SPEC' })
      const { cause } = error as SchemaSpecError
      if (cause !== boom) expect(cause).toBeInstanceOf(TypeError)
    }
  })
})
