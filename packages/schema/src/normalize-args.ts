import { compiledSpec } from './internal/compile-spec.js'
import { normalizeMembers } from './internal/normalize.js'
import type { SchemaSpec } from './schema-spec.js'

/**
 * The null→absent normalization of SPEC §9.3: `args` without every `null` given for an
 * optional property that is not itself nullable, at any depth. Strict models (OpenAI's
 * `strict: true`) must send every property, and send `null` for what they leave out; after this,
 * such arguments validate as if the member had been left out, and the tool receives
 * `InferArgs` (`limit?: number`, never `limit: null`). A `null` for a required property, or for
 * one that is `nullable`, stays (and a required one is then reported by `checkArgs`). Inside an
 * `anyOf`, the first member that accepts the normalized value decides.
 *
 * Returns `args` itself when nothing is removed (the common case: no allocation); otherwise a
 * copy along the changed paths, sharing untouched subtrees. Never mutates `args`, never throws on
 * them. `checkArgs` itself stays exactly JSON Schema: `@toolpipe/tools` runs this at step 4 of a
 * call, before validating, for every `defineTool` tool.
 *
 * @throws {SchemaSpecError} for an invalid spec
 * @example
 * normalizeArgs({ path: { type: 'string', required: true }, limit: { type: 'integer' } },
 *   { path: 'a.ts', limit: null })
 * // { path: 'a.ts' }
 */
export function normalizeArgs(spec: SchemaSpec, args: unknown): unknown {
  return normalizeMembers(compiledSpec(spec).fields, args)
}
