import type { StandardSchemaV1 } from '@standard-schema/spec'
import { hasStandardMember } from './internal/standard/read-standard.js'

/**
 * Whether `value` presents itself as a Standard Schema: an object or a function (an arktype type
 * is one) with a `~standard` member. `defineTool` and `toProviderSchema` use it to tell a
 * Standard Schema from a schema spec; the functions that then read it check the rest (version,
 * vendor, `validate`, `jsonSchema`) and say what is wrong. Never throws: a value whose Proxy
 * trap throws is not one.
 *
 * @example
 * isStandardSchema(z.object({ path: z.string() })) // true
 * isStandardSchema({ path: { type: 'string' } }) // false
 */
export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  return hasStandardMember(value)
}
