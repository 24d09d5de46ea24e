import { compiledSpec } from './internal/compile-spec.js'
import { normalizeByJsonSchema } from './internal/normalize-by-json-schema.js'
import { normalizeMembers } from './internal/normalize.js'
import { hasStandardMember, standardJsonSchema } from './internal/standard/read-standard.js'
import type { SchemaSpec } from './schema-spec.js'
import type { StandardJSONSchemaSource } from './standard-tool-schema.js'

/**
 * The null→absent normalization of SPEC §9.3: `args` without every `null` given for an
 * optional property that is not itself nullable, at any depth. Strict models (OpenAI's
 * `strict: true`) must send every property, and send `null` for what they leave out; after this,
 * such arguments validate as if the member had been left out, and the tool receives
 * `InferArgs` (`limit?: number`, never `limit: null`). A `null` for a required property, or for
 * one that is `nullable`, stays (and a required one is then reported by `checkArgs`). Inside an
 * `anyOf`, the first member that accepts the normalized value decides; when none does, the one
 * member the value can be by its shape (an array's `array`, an object's `object` whose one-value
 * `enum` members it carries), if there is one.
 *
 * Returns `args` itself when nothing is removed (the common case: no allocation); otherwise a
 * copy along the changed paths, sharing untouched subtrees. Never mutates `args`, never throws on
 * them: arguments it cannot read (a getter or Proxy trap that throws, a revoked Proxy) come back
 * as given, for validation to refuse. `checkArgs` itself stays exactly JSON Schema: `@toolpipe/tools` runs this at step 4 of a
 * call, before validating, for every `defineTool` tool.
 *
 * Given a Standard JSON Schema (zod, valibot, arktype, …; SPEC §10), the same rule is read from
 * its input's JSON Schema (asked once per schema object): a member not in `required` whose schema
 * does not admit `null` loses its `null`, through `properties`, `items`, local `$ref`s and the one
 * `anyOf`/`oneOf` alternative an object can match (by type and `const` members, as a
 * discriminated union is written). Where the schema cannot tell (an unresolvable `$ref`, `allOf`
 * of objects), the `null` stays and the schema's own validation decides.
 *
 * @throws {SchemaSpecError} for an invalid spec
 * @throws {StandardSchemaError} for a Standard Schema whose JSON Schema cannot be had (see
 * `standardSchemaToJsonSchema`)
 * @example
 * normalizeArgs({ path: { type: 'string', required: true }, limit: { type: 'integer' } },
 *   { path: 'a.ts', limit: null })
 * // { path: 'a.ts' }
 */
export function normalizeArgs(spec: SchemaSpec | StandardJSONSchemaSource, args: unknown): unknown {
  if (hasStandardMember(spec)) return normalizeByJsonSchema(standardJsonSchema(spec), args)
  return normalizeMembers(compiledSpec(spec).fields, args)
}
