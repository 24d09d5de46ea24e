import { compiledSpec } from './internal/compile-spec.js'
import type { SchemaSpec } from './schema-spec.js'

/**
 * Checks a spec and throws {@link SchemaSpecError} listing every mistake, each with its path:
 * an unknown or missing `type`, an `enum` off a string or empty or with non-string members,
 * `properties` off an object, `items` off an array, `required` other than `true`, a
 * `description` that is not a string, a `default` that is not JSON or does not match its own
 * prop, an unknown keyword, a cycle, or nesting deeper than 32 levels. Keywords whose value is
 * `undefined` count as absent. Any property name is a name, `""` and `__proto__` included (read
 * as own members everywhere, never as a prototype).
 *
 * A valid spec is compiled and remembered (per spec object), so `checkArgs`, `validateArgs` and
 * `schemaSpecToJsonSchema` do not check it again. Treat a spec as immutable once used.
 *
 * @throws {SchemaSpecError} code `INVALID_SCHEMA_SPEC`
 * @example
 * assertValidSchemaSpec({ mode: { type: 'number', enum: ['fast'] } })
 * // SchemaSpecError: invalid schema spec: spec.mode.enum is only allowed on type "string", not "number"
 */
export function assertValidSchemaSpec(spec: unknown): asserts spec is SchemaSpec {
  compiledSpec(spec)
}
