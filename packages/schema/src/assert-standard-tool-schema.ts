import { standardJsonSchema, standardValidator } from './internal/standard/read-standard.js'
import type { StandardToolSchema } from './standard-tool-schema.js'

/**
 * Asserts that `schema` can be a tool's parameters (SPEC §10): Standard Schema v1 (`version` 1,
 * a string `vendor`, a `validate` function) with a Standard JSON Schema v1 side that writes an
 * object schema. `defineTool` calls it, so a schema that cannot serve is refused where the tool is
 * defined, with the reason and the fix, rather than at its first call. What it reads is kept per
 * schema object.
 *
 * @throws {StandardSchemaError} `NOT_STANDARD_SCHEMA`, `NO_JSON_SCHEMA` (with the way to get a
 * JSON Schema side: for valibot, `toStandardJsonSchema` from `@valibot/to-json-schema`),
 * `JSON_SCHEMA_FAILED` or `NOT_OBJECT_SCHEMA`
 * @example
 * assertStandardToolSchema(z.object({ path: z.string() })) // passes
 * assertStandardToolSchema(v.object({ path: v.string() })) // throws NO_JSON_SCHEMA
 */
export function assertStandardToolSchema(schema: unknown): asserts schema is StandardToolSchema {
  standardValidator(schema)
  standardJsonSchema(schema)
}
