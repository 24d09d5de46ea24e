import type { JsonObject } from '@toolpipe/core'
import { isPlainObject } from '@toolpipe/core/internal'
import { normalizeByJsonSchema } from './internal/normalize-by-json-schema.js'

/**
 * SPEC §9.3's null→absent normalization (see {@link normalizeArgs}) read from a JSON Schema: the
 * `parameters` of a hand-written definition, such as an MCP tool's `inputSchema`. A member's
 * `null` is removed when the member is optional (not in its object's `required`) and its schema
 * does not accept null, at every depth the schema describes (`properties`, `items`, local
 * `$ref`s, the one `anyOf`/`oneOf` alternative an object can match). Where the schema cannot
 * tell (an unresolvable `$ref`, `allOf` of objects, a schema that is not an object), the `null`
 * stays, and validation decides.
 *
 * Returns `args` itself when nothing is removed; otherwise a copy along the changed paths,
 * sharing untouched subtrees. Never mutates `args` or `schema`, and never throws: a schema or
 * value that cannot be read (a Proxy whose traps throw) leaves `args` as given. Read `schema`
 * from a JSON copy when it may change: it is read on every call.
 *
 * `@toolpipe/tools` runs it at step 4 of every call to a tool that has no `normalizeArgs` of its
 * own, with the tool's `parameters`.
 *
 * @example
 * normalizeJsonSchemaArgs(
 *   { type: 'object', properties: { path: { type: 'string' }, head: { type: 'number' } }, required: ['path'] },
 *   { path: 'a.txt', head: null },
 * )
 * // { path: 'a.txt' }
 */
export function normalizeJsonSchemaArgs(schema: unknown, args: unknown): unknown {
  return isPlainObject(schema) ? normalizeByJsonSchema(schema as JsonObject, args) : args
}
