import { describeValue } from '@toolpipe/core/internal'
import { dialects, isDialect } from './dialect.js'
import type { Dialect } from './dialect.js'
import type { ProviderSchemaResult } from './dialect-issue.js'
import { convertSchema } from './internal/dialects/convert-schema.js'
import { hasStandardMember, standardJsonSchema } from './internal/standard/read-standard.js'
import type { ProviderJsonSchema } from './json-schema-object.js'
import { schemaSpecToJsonSchema } from './schema-spec-to-json-schema.js'
import type { SchemaSpec } from './schema-spec.js'
import { StandardSchemaError } from './standard-schema-error.js'
import type { StandardJSONSchemaSource } from './standard-tool-schema.js'

/**
 * Writes a spec's parameters in a provider's dialect (SPEC §9.3), with every issue the dialect
 * met: `json-schema` is `schemaSpecToJsonSchema`'s output; `openai-strict` closes every object,
 * lists every member in `required` and makes optional members nullable (the registry removes the
 * `null`s a strict model sends for what it leaves out, before validation), and moves `minLength`,
 * `maxLength`, `default` and a `format` it does not document into the description; `openai` and
 * `anthropic` take the JSON Schema as it is; `gemini` writes `nullable: true` (for a type array
 * with `"null"`, and for an `anyOf` member `{ type: 'null' }`, which zod's `.nullable()` writes),
 * integer enums as strings with `format: 'enum'`, exclusive integer bounds as inclusive ones, a
 * `format` it does not document as words, and leaves empty `properties` out. `format` is never
 * fatal. What a dialect
 * cannot express at all (a free-form object in strict mode, an array without `items` for OpenAI
 * and Gemini, a number enum for Gemini, a schema past strict mode's size limits) is a `fatal`
 * issue. See the package README for the whole table and the provider documents behind it.
 *
 * The result is a fresh plain object every call. `checkArgs` keeps validating against the spec
 * itself: a keyword moved into a description is still enforced.
 *
 * Given a Standard JSON Schema (zod, valibot, arktype, …; SPEC §10), the dialect converts its
 * input's JSON Schema (`standardSchemaToJsonSchema`) as `jsonSchemaToProviderSchema` converts any
 * hand-written one: what falls outside toolpipe's subset is a dialect issue, fatal only where the
 * provider cannot take it.
 *
 * @throws {SchemaSpecError} for an invalid spec (one that cannot be read too, with what its getter
 * or Proxy trap threw as the `cause`)
 * @throws {StandardSchemaError} for a Standard Schema whose JSON Schema cannot be had, and
 * (`UNSUPPORTED_TARGET`) for a `dialect` that is not one of the five {@link dialects}, before
 * anything is converted
 * @example
 * const { schema, issues } = toProviderSchema(
 *   { title: { type: 'string', maxLength: 80 } },
 *   'openai-strict',
 * )
 * // schema: { type: 'object', properties: { title: { type: ['string', 'null'],
 * //   description: 'at most 80 characters' } }, required: ['title'], additionalProperties: false }
 * // issues: [{ path: 'parameters.properties.title', keyword: 'maxLength', fatal: false, … }]
 */
export function toProviderSchema(
  spec: SchemaSpec | StandardJSONSchemaSource,
  dialect: Dialect,
): ProviderSchemaResult {
  assertDialect(dialect)
  if (hasStandardMember(spec)) {
    return jsonSchemaToProviderSchema(standardJsonSchema(spec), dialect)
  }
  return jsonSchemaToProviderSchema(schemaSpecToJsonSchema(spec), dialect)
}

/**
 * {@link toProviderSchema} for a JSON Schema: a tool's `parameters` written by hand (an MCP
 * tool's `inputSchema`, say). Keywords of toolpipe's subset, and `format`, follow the dialect's
 * rules; others are kept as written where the provider takes JSON Schema (`json-schema`,
 * `openai`, `anthropic`, with a non-fatal issue) and are fatal where it does not
 * (`openai-strict`, `gemini`). A root that is not an object schema is fatal in every dialect.
 *
 * @throws {JsonSnapshotError} `NOT_JSON` when `schema` is not JSON data, or cannot be read (a
 * getter or Proxy trap that throws, a revoked Proxy: what was thrown is the `cause`, SPEC §11)
 * @throws {StandardSchemaError} `UNSUPPORTED_TARGET` for a `dialect` that is not one of the five
 * {@link dialects}
 */
export function jsonSchemaToProviderSchema(
  schema: unknown,
  dialect: Dialect,
): ProviderSchemaResult {
  assertDialect(dialect)
  const { schema: converted, issues } = convertSchema(schema, dialect)
  return { schema: converted as ProviderJsonSchema, issues }
}

/**
 * Refuses a dialect the types refuse but plain JavaScript can still pass (`'OpenAI'`, `undefined`,
 * a name from a settings file): converted anyway, it would come back half-converted, each
 * keyword by whichever rule a missing table entry happens to pick, with no issue to say so.
 */
function assertDialect(dialect: unknown): asserts dialect is Dialect {
  if (isDialect(dialect)) return
  throw new StandardSchemaError(
    `toolpipe writes a tool's parameters in the dialects ${dialects.map((name) => `"${name}"`).join(', ')}, not ${describeValue(dialect)}`,
    'UNSUPPORTED_TARGET',
  )
}
