import { deepFreeze, snapshotJson } from '@toolpipe/core'
import { describeThrown, describeValue, isPlainObject } from '@toolpipe/core/internal'
import type { JsonObject } from '@toolpipe/core'
import { StandardSchemaError } from '../../standard-schema-error.js'

/** The Standard Schema side of a schema, read once: its vendor and its `validate`. */
export interface StandardValidator {
  readonly vendor: string
  /** `~standard.validate`, called with `~standard` as `this`, like a method. */
  readonly validate: (value: unknown) => unknown
}

/** The Standard JSON Schema side: the input's JSON Schema (draft 2020-12), frozen. */
interface StandardJsonSide {
  readonly vendor: string
  readonly schema: Readonly<JsonObject> & { readonly type: 'object' }
}

/*
 * What is read from a schema object is kept per object (a schema is immutable once made, and
 * reading zod's or arktype's `~standard` is not free). The memos hold nothing anyone can observe.
 */
const validators = new WeakMap<object, StandardValidator>()
const jsonSides = new WeakMap<object, StandardJsonSide>()

/**
 * Whether `value` presents itself as a Standard Schema: an object or function (an arktype type is
 * one) with a `~standard` member. Never throws: a value whose `in` trap throws is not one.
 */
export function hasStandardMember(value: unknown): value is object {
  if ((typeof value !== 'object' || value === null) && typeof value !== 'function') return false
  try {
    return '~standard' in value
  } catch {
    return false
  }
}

/**
 * `value`'s `~standard`, checked as the props every Standard spec shares (`version` 1, a string
 * `vendor`), with `read` taking what else is needed from it. Reading is guarded: whatever a
 * getter or Proxy trap throws becomes `NOT_STANDARD_SCHEMA`.
 */
function readProps<TResult>(
  value: unknown,
  read: (props: object, vendor: string) => TResult,
): TResult {
  let props: unknown
  let version: unknown
  let vendor: unknown
  try {
    props = hasStandardMember(value) ? (value as { '~standard'?: unknown })['~standard'] : undefined
    if ((typeof props === 'object' && props !== null) || typeof props === 'function') {
      ;({ version, vendor } = props as { version?: unknown; vendor?: unknown })
    }
  } catch (error) {
    throw new StandardSchemaError(
      `the schema's ~standard could not be read: ${describeThrown(error)}`,
      'NOT_STANDARD_SCHEMA',
      { cause: error },
    )
  }
  if ((typeof props !== 'object' || props === null) && typeof props !== 'function') {
    throw new StandardSchemaError(
      `expected a Standard Schema (an object with ~standard), got ${describeValue(value)}${props === undefined ? '' : ` whose ~standard is ${describeValue(props)}`}`,
      'NOT_STANDARD_SCHEMA',
    )
  }
  if (version !== 1 || typeof vendor !== 'string') {
    throw new StandardSchemaError(
      `expected Standard Schema v1 (~standard.version 1 and a string ~standard.vendor), got version ${describeValue(version)} and vendor ${describeValue(vendor)}`,
      'NOT_STANDARD_SCHEMA',
    )
  }
  try {
    return read(props, vendor)
  } catch (error) {
    if (error instanceof StandardSchemaError) throw error
    throw new StandardSchemaError(
      `the ~standard of the ${vendor} schema could not be read: ${describeThrown(error)}`,
      'NOT_STANDARD_SCHEMA',
      { cause: error },
    )
  }
}

/**
 * The Standard Schema side of `schema`: its vendor and `validate`, read once per schema object.
 *
 * @throws {StandardSchemaError} `NOT_STANDARD_SCHEMA` when `schema` is not Standard Schema v1
 */
export function standardValidator(schema: unknown): StandardValidator {
  // WeakMap.get answers undefined for a key that is no object: nothing to tell apart first.
  const known = validators.get(schema as object)
  if (known !== undefined) return known
  const validator = readProps(schema, (props, vendor): StandardValidator => {
    const validate: unknown = (props as { validate?: unknown }).validate
    if (typeof validate !== 'function') {
      throw new StandardSchemaError(
        `the ${vendor} schema is not a Standard Schema: ~standard.validate is ${describeValue(validate)}, not a function`,
        'NOT_STANDARD_SCHEMA',
      )
    }
    return Object.freeze({
      vendor,
      validate: (value: unknown): unknown => Reflect.apply(validate, props, [value]),
    })
  })
  validators.set(schema as object, validator)
  return validator
}

/**
 * The JSON Schema (draft 2020-12) of `source`'s input, asked for once per schema object with
 * `~standard.jsonSchema.input({ target: 'draft-2020-12' })`, copied as JSON data and frozen.
 *
 * @throws {StandardSchemaError} `NOT_STANDARD_SCHEMA`, `NO_JSON_SCHEMA`, `JSON_SCHEMA_FAILED` or
 * `NOT_OBJECT_SCHEMA`
 */
export function standardJsonSchema(source: unknown): StandardJsonSide['schema'] {
  const known = jsonSides.get(source as object)
  if (known !== undefined) return known.schema
  const side = readProps(source, (props, vendor): StandardJsonSide => {
    const converter: unknown = (props as { jsonSchema?: unknown }).jsonSchema
    const input: unknown =
      (typeof converter === 'object' && converter !== null) || typeof converter === 'function'
        ? (converter as { input?: unknown }).input
        : undefined
    if (typeof input !== 'function') throw noJsonSchema(vendor, converter)
    let written: unknown
    try {
      written = Reflect.apply(input, converter, [{ target: 'draft-2020-12' }])
    } catch (error) {
      throw new StandardSchemaError(
        `the ${vendor} schema could not write its input as JSON Schema (draft-2020-12): ${describeThrown(error)}; a tool's parameters must be JSON data the model can send, so leave out what JSON cannot carry (dates, maps, functions) or accept it as a string and transform it`,
        'JSON_SCHEMA_FAILED',
        { cause: error },
      )
    }
    let schema: unknown
    try {
      schema = snapshotJson(written)
    } catch (error) {
      throw new StandardSchemaError(
        `the ${vendor} schema's ~standard.jsonSchema.input() returned something that is not JSON data: ${describeThrown(error)}`,
        'JSON_SCHEMA_FAILED',
        { cause: error },
      )
    }
    if (!isPlainObject(schema) || schema.type !== 'object') {
      throw new StandardSchemaError(
        `the JSON Schema of a tool's parameters must be an object schema ({ "type": "object", … }), which every provider requires; the ${vendor} schema wrote ${preview(schema)}: make the parameters an object of named members`,
        'NOT_OBJECT_SCHEMA',
      )
    }
    return { vendor, schema: deepFreeze(schema) as StandardJsonSide['schema'] }
  })
  jsonSides.set(source as object, side)
  return side.schema
}

/** The refusal of a Standard Schema without JSON Schema, with the way to get one. */
function noJsonSchema(vendor: string, converter: unknown): StandardSchemaError {
  const fix =
    vendor === 'valibot'
      ? 'wrap the schema in toStandardJsonSchema() from @valibot/to-json-schema'
      : vendor === 'zod' || vendor === 'arktype'
        ? `update ${vendor} to a release that implements Standard JSON Schema (zod 4 and arktype 2 do)`
        : 'use a schema library (or an adapter of yours) that implements Standard JSON Schema v1, or write the JSON Schema by hand in a ToolDefinition with its own checkArgs'
  return new StandardSchemaError(
    `the ${vendor} schema is a Standard Schema without a JSON Schema side (~standard.jsonSchema is ${describeValue(converter)}, or has no input() function), and a tool's parameters must be shown to the model as JSON Schema: ${fix}`,
    'NO_JSON_SCHEMA',
  )
}

/** A JSON value's first 120 characters, for a message. */
function preview(value: unknown): string {
  const text = JSON.stringify(value)
  return text.length > 120 ? `${text.slice(0, 117)}...` : text
}
