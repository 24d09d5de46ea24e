import type { JsonObject } from '@toolpipe/core'
import { snapshotJson } from '@toolpipe/core'
import { standardJsonSchema } from './internal/standard/read-standard.js'
import type { StandardJSONSchemaSource } from './standard-tool-schema.js'

/**
 * The JSON Schema (draft 2020-12) of a Standard JSON Schema's input, as a tool's parameters
 * (SPEC §10): `~standard.jsonSchema.input({ target: 'draft-2020-12' })`, asked once per schema
 * object and returned as a fresh, detached copy each call. Keywords outside toolpipe's subset
 * (zod's `$schema`, `additionalProperties`, `$ref`, …) are kept as written; the dialects say what
 * each provider can take (`toProviderSchema`).
 *
 * @throws {StandardSchemaError} `NOT_STANDARD_SCHEMA` for something that is not Standard Schema
 * v1; `NO_JSON_SCHEMA` when it has no JSON Schema side (the message says how to get one);
 * `JSON_SCHEMA_FAILED` when the library cannot write it (a `z.date()`); `NOT_OBJECT_SCHEMA` when
 * the root is not an object schema
 * @example
 * standardSchemaToJsonSchema(z.object({ path: z.string() }))
 * // { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object',
 * //   properties: { path: { type: 'string' } }, required: ['path'] }
 */
export function standardSchemaToJsonSchema(
  source: StandardJSONSchemaSource,
): JsonObject & { type: 'object' } {
  return snapshotJson(standardJsonSchema(source)) as JsonObject & { type: 'object' }
}
