import { isPlainObject } from '@toolpipe/core/internal'

/**
 * Whether a Standard Schema issue says that a required member is missing: its path ends at a key
 * the arguments do not have (the parent is an object without that own member), and the library
 * marked it as its own type or key check, not a refinement that merely points there (a zod
 * `refine` with `path: ['confirm']` fires whether or not `confirm` was given):
 *
 * - valibot: `kind: 'schema'` ("Invalid key: Expected "text" but received undefined");
 * - zod: `code: 'invalid_type'` ("Invalid input: expected string, received undefined");
 * - arktype: `code: 'required'` ("text must be a string (was missing)").
 *
 * Another library's issue keeps its own words. Never throws: a member that cannot be read (a
 * throwing getter, a Proxy) answers `false`.
 */
export function isMissingKey(
  issue: object,
  keys: readonly (string | number)[],
  input: unknown,
): boolean {
  if (keys.length === 0) return false
  try {
    if (!saysTypeOrKey(issue)) return false
    let parent: unknown = input
    for (const key of keys.slice(0, -1)) {
      if (typeof parent !== 'object' || parent === null || !Object.hasOwn(parent, key)) return false
      parent = (parent as Record<string | number, unknown>)[key]
    }
    const last = keys.at(-1)
    return isPlainObject(parent) && typeof last === 'string' && !Object.hasOwn(parent, last)
  } catch {
    return false
  }
}

function saysTypeOrKey(issue: { kind?: unknown; code?: unknown }): boolean {
  const { kind, code } = issue
  return kind === 'schema' || code === 'invalid_type' || code === 'required'
}
