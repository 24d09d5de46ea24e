import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { Dialect } from './dialect.js'
import { dialects } from './dialect.js'
import type { SchemaSpec } from './schema-spec.js'
import { StandardSchemaError } from './standard-schema-error.js'
import { jsonSchemaToProviderSchema, toProviderSchema } from './to-provider-schema.js'

// What plain JavaScript can still hand toProviderSchema (SPEC §9.3, §11): a dialect name the
// types refuse, and a process whose Object.prototype someone polluted.

const spec = {
  tags: { type: 'array' },
  count: { type: 'integer', exclusiveMinimum: 1, enum: [2, 3] },
  o: { type: 'object', properties: { a: { type: 'string', maxLength: 3 } } },
  either: { anyOf: [{ type: 'string' }, { type: 'integer', nullable: true }] },
} as const satisfies SchemaSpec

const handWritten = {
  type: 'object',
  properties: {
    closed: { type: 'object', additionalProperties: false },
    maybe: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    fixed: { type: 'string', const: 'x' },
    list: { type: 'array', items: { type: 'string' } },
  },
}

describe('toProviderSchema refuses a dialect that is not one of the five (SPEC §9.3)', () => {
  it.each(['foo', 'OpenAI', 'constructor', 'toString', '', undefined, null, 3, {}])(
    '%j: StandardSchemaError UNSUPPORTED_TARGET, naming the five',
    (dialect) => {
      // Before: a half-converted schema (each keyword by a missing rule) and no error.
      for (const convert of [
        () => toProviderSchema(spec, dialect as Dialect),
        () => toProviderSchema(z.object({ a: z.string() }), dialect as Dialect),
        () => jsonSchemaToProviderSchema(handWritten, dialect as Dialect),
      ]) {
        expect(convert).toThrow(StandardSchemaError)
        expect(convert).toThrow(
          expect.objectContaining({
            code: 'UNSUPPORTED_TARGET',
            message: expect.stringMatching(
              /^toolpipe writes a tool's parameters in the dialects "json-schema", "openai-strict", "openai", "gemini", "anthropic", not /,
            ) as unknown,
          }),
        )
      }
    },
  )
})

/** Keys a polluted Object.prototype may hold, each with a value that would change a schema. */
const pollution: readonly (readonly [string, unknown])[] = [
  ['items', {}],
  ['additionalProperties', true],
  ['anyOf', []],
  ['type', 'string'],
  ['properties', {}],
  ['required', ['x']],
  ['enum', ['x']],
  ['const', 'x'],
  ['description', 'polluted'],
  ['minimum', 5],
  ['maximum', 5],
  ['nullable', true],
  ['format', 'email'],
]

/** Every dialect's result for the spec and the hand-written schema. */
function convertAll(): unknown[] {
  return dialects.flatMap((dialect) => [
    toProviderSchema(spec, dialect),
    jsonSchemaToProviderSchema(handWritten, dialect),
  ])
}

describe('toProviderSchema reads own keywords only: a polluted Object.prototype changes nothing (SPEC §9.3, §11)', () => {
  const clean = convertAll()

  it.each(pollution)('Object.prototype.%s', (key, value) => {
    let polluted: unknown[]
    // Before: `'items' in node` found the prototype's `items` (an array without items was no
    // longer fatal) and `node.additionalProperties` its `true` (every strict object free-form).
    Object.defineProperty(Object.prototype, key, {
      value,
      configurable: true,
      enumerable: false,
      writable: true,
    })
    try {
      polluted = convertAll()
    } finally {
      Reflect.deleteProperty(Object.prototype, key)
    }
    expect(polluted).toEqual(clean)
  })
})
