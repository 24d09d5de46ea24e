import { JsonSnapshotError } from '@toolpipe/core'
import { describe, expect, it } from 'vitest'
import { checkStandardArgs } from './check-standard-args.js'
import { isStandardSchema } from './is-standard-schema.js'
import { SchemaSpecError } from './schema-spec-error.js'
import { standardSchemaToJsonSchema } from './standard-schema-to-json-schema.js'
import type { StandardJSONSchemaSource } from './standard-tool-schema.js'
import { toProviderSchema } from './to-provider-schema.js'
import { settled, throwing, thrown, trap } from './__fixtures__/standard.js'

/**
 * SPEC §10: how a Standard Schema is read (`~standard`, its `validate`, its `jsonSchema.input`)
 * and how what its `validate` returned is read: each refusal's exact code, message and cause,
 * since the message is what the integrator sees when a schema library misbehaves.
 */

/** A Standard JSON Schema source whose `jsonSchema.input` is `input`. */
function converter(input: unknown, vendor = 'acme'): StandardJSONSchemaSource {
  return {
    '~standard': {
      version: 1,
      vendor,
      validate: (value: unknown) => ({ value }),
      jsonSchema: { input, output: input },
    },
  } as unknown as StandardJSONSchemaSource
}

describe('reading ~standard', () => {
  it('what is no object is refused by what it is, with nothing read from it', () => {
    expect(thrown(() => checkStandardArgs(null as never, {}))).toMatchObject({
      code: 'NOT_STANDARD_SCHEMA',
      message: 'expected a Standard Schema (an object with ~standard), got null',
    })
    expect(thrown(() => checkStandardArgs({} as never, {})).message).toBe(
      'expected a Standard Schema (an object with ~standard), got an empty object',
    )
    expect(thrown(() => checkStandardArgs({ '~standard': null } as never, {})).message).toBe(
      'expected a Standard Schema (an object with ~standard), got an object with keys ["~standard"] whose ~standard is null',
    )
    expect(thrown(() => checkStandardArgs({ '~standard': 5 } as never, {})).message).toBe(
      'expected a Standard Schema (an object with ~standard), got an object with keys ["~standard"] whose ~standard is 5',
    )
  })

  it('a toProviderSchema argument without ~standard is a spec, refused as one', () => {
    expect(() => toProviderSchema(null as never, 'openai')).toThrow(SchemaSpecError)
    expect(() => toProviderSchema(5 as never, 'openai')).toThrow(SchemaSpecError)
  })

  it('a ~standard getter that throws: NOT_STANDARD_SCHEMA, its words and its cause', () => {
    const schema = {
      get '~standard'(): never {
        return throwing()
      },
    }
    const error = thrown(() => checkStandardArgs(schema as never, {}))
    expect(error).toMatchObject({
      code: 'NOT_STANDARD_SCHEMA',
      message: "the schema's ~standard could not be read: trap",
    })
    expect(error.cause).toBe(trap)
  })

  it('version and vendor: both named in the refusal', () => {
    expect(
      thrown(() => checkStandardArgs({ '~standard': { version: 2, vendor: 'x' } } as never, {}))
        .message,
    ).toBe(
      'expected Standard Schema v1 (~standard.version 1 and a string ~standard.vendor), got version 2 and vendor "x"',
    )
  })

  it('a validate that is no function, or whose getter throws', () => {
    expect(
      thrown(() =>
        checkStandardArgs(
          { '~standard': { version: 1, vendor: 'acme', validate: 'no' } } as never,
          {},
        ),
      ).message,
    ).toBe('the acme schema is not a Standard Schema: ~standard.validate is "no", not a function')
    const props = {
      version: 1,
      vendor: 'acme',
      get validate(): never {
        return throwing()
      },
    }
    const error = thrown(() => checkStandardArgs({ '~standard': props } as never, {}))
    expect(error).toMatchObject({
      code: 'NOT_STANDARD_SCHEMA',
      message: 'the ~standard of the acme schema could not be read: trap',
    })
    expect(error.cause).toBe(trap)
  })

  it('a ~standard that is a function is read like an object', () => {
    const props = Object.assign(() => undefined, {
      version: 1,
      vendor: 'fn',
      validate: (value: unknown) => ({ value }),
      jsonSchema: { input: () => ({ type: 'object' }) },
    })
    expect(checkStandardArgs({ '~standard': props } as never, 7)).toEqual({ value: 7 })
    expect(standardSchemaToJsonSchema({ '~standard': props } as never)).toEqual({
      type: 'object',
    })
  })

  it('a schema that is a function (an arktype type is one) is read once', () => {
    let reads = 0
    const props = {
      version: 1,
      vendor: 'fn',
      validate: (value: unknown) => ({ value }),
      jsonSchema: { input: () => ({ type: 'object' }) },
    }
    const schema = Object.defineProperty(() => undefined, '~standard', {
      get() {
        reads++
        return props
      },
    })
    expect(isStandardSchema(schema)).toBe(true)
    expect(settled(checkStandardArgs(schema as never, 1))).toEqual({ value: 1 })
    expect(settled(checkStandardArgs(schema as never, 2))).toEqual({ value: 2 })
    expect(reads).toBe(1)
    standardSchemaToJsonSchema(schema as never)
    standardSchemaToJsonSchema(schema as never)
    expect(reads).toBe(2)
  })

  it('isStandardSchema: a Proxy whose has trap throws is not one', () => {
    const hostile = new Proxy({}, { has: throwing })
    expect(isStandardSchema(hostile)).toBe(false)
    expect(isStandardSchema(null)).toBe(false)
    expect(isStandardSchema('~standard')).toBe(false)
  })
})

describe('reading ~standard.jsonSchema', () => {
  it('no converter, or one without input(): NO_JSON_SCHEMA, with the fix for the vendor', () => {
    expect(thrown(() => standardSchemaToJsonSchema(converter(undefined, 'zod'))).message).toBe(
      'the zod schema is a Standard Schema without a JSON Schema side (~standard.jsonSchema is an object with keys ["input","output"], or has no input() function), and a tool\'s parameters must be shown to the model as JSON Schema: update zod to a release that implements Standard JSON Schema (zod 4 and arktype 2 do)',
    )
    expect(thrown(() => standardSchemaToJsonSchema(converter(5, 'arktype'))).message).toContain(
      ': update arktype to a release that implements Standard JSON Schema (zod 4 and arktype 2 do)',
    )
    const nullConverter = {
      '~standard': {
        version: 1,
        vendor: 'acme',
        validate: (value: unknown) => ({ value }),
        jsonSchema: null,
      },
    }
    expect(thrown(() => standardSchemaToJsonSchema(nullConverter as never))).toMatchObject({
      code: 'NO_JSON_SCHEMA',
      message:
        "the acme schema is a Standard Schema without a JSON Schema side (~standard.jsonSchema is null, or has no input() function), and a tool's parameters must be shown to the model as JSON Schema: use a schema library (or an adapter of yours) that implements Standard JSON Schema v1, or write the JSON Schema by hand in a ToolDefinition with its own checkArgs",
    })
  })

  it('a converter that is a function is read like an object', () => {
    const jsonSchema = Object.assign(() => undefined, { input: () => ({ type: 'object' }) })
    const source = {
      '~standard': {
        version: 1,
        vendor: 'fn',
        validate: (value: unknown) => ({ value }),
        jsonSchema,
      },
    }
    expect(standardSchemaToJsonSchema(source as never)).toEqual({ type: 'object' })
  })

  it('input() that returns what is not JSON: JSON_SCHEMA_FAILED with the snapshot error as cause', () => {
    const error = thrown(() =>
      standardSchemaToJsonSchema(converter(() => ({ type: 'object', f: () => 1 }))),
    )
    expect(error.code).toBe('JSON_SCHEMA_FAILED')
    expect(error.message).toMatch(
      /^the acme schema's ~standard\.jsonSchema\.input\(\) returned something that is not JSON data: /,
    )
    expect(error.cause).toBeInstanceOf(JsonSnapshotError)
  })

  it('a root that is no object schema is previewed, cut past 120 characters', () => {
    const refusal = (written: unknown): string =>
      thrown(() => standardSchemaToJsonSchema(converter(() => written))).message
    const message = (preview: string): string =>
      `the JSON Schema of a tool's parameters must be an object schema ({ "type": "object", … }), which every provider requires; the acme schema wrote ${preview}: make the parameters an object of named members`
    const fits = 'x'.repeat(118) // 120 characters as JSON text
    expect(refusal(fits)).toBe(message(`"${fits}"`))
    const over = 'x'.repeat(119) // 121
    expect(refusal(over)).toBe(message(`"${'x'.repeat(116)}...`))
  })
})
