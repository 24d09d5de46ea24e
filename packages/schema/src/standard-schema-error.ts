import { HarnessError } from '@toolpipe/core'

/** Why a Standard Schema could not be used (SPEC §10). */
export type StandardSchemaErrorCode =
  /**
   * The value has a `~standard` member that is not Standard Schema v1 (`version` 1, a string
   * `vendor`, a `validate` function), or reading it threw (a hostile Proxy, a throwing getter).
   */
  | 'NOT_STANDARD_SCHEMA'
  /**
   * A Standard Schema without a JSON Schema side (`~standard.jsonSchema`, Standard JSON Schema
   * v1): a tool's parameters must be shown to the model as JSON Schema. The message says how to
   * get one.
   */
  | 'NO_JSON_SCHEMA'
  /**
   * The schema's `~standard.jsonSchema.input({ target: 'draft-2020-12' })` threw (zod, say, for a
   * `z.date()`, which JSON cannot carry) or returned something that is not JSON data.
   */
  | 'JSON_SCHEMA_FAILED'
  /**
   * The JSON Schema of a tool's parameters is not an object schema (`{ "type": "object", … }`),
   * which every provider requires: a root `z.string()` or a root union, say.
   */
  | 'NOT_OBJECT_SCHEMA'
  /**
   * The schema's `validate` threw or rejected, or returned something that is not a Standard
   * Schema result (`{ value }`, or `{ issues }` with a string `message` and a `path` of keys per
   * issue). A fault of the schema, never of the arguments.
   */
  | 'VALIDATE_FAILED'
  /**
   * A schema was asked for in a form toolpipe does not write:
   * `standardSchema(spec)['~standard'].jsonSchema.input()` or `.output()` for a target other
   * than `draft-2020-12` and `draft-07`, or `toProviderSchema`/`jsonSchemaToProviderSchema` for
   * a dialect that is not one of the five `dialects` (`'OpenAI'`, `undefined`).
   */
  | 'UNSUPPORTED_TARGET'

/**
 * Thrown where a Standard Schema (zod 4, valibot through `@valibot/to-json-schema`, arktype 2,
 * `standardSchema(spec)`, …) cannot serve as a tool's parameters, or a caller asks for a schema
 * form toolpipe does not write (a JSON Schema target of its own Standard Schema, a provider
 * dialect of `toProviderSchema`). `code` says which.
 *
 * @example
 * // NO_JSON_SCHEMA: the Standard Schema of vendor "valibot" has no JSON Schema side …
 */
export class StandardSchemaError extends HarnessError<StandardSchemaErrorCode> {
  override readonly name = 'StandardSchemaError'
}
