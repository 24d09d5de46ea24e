import type { ToolRestriction } from '../tool-restriction.js'
import { ToolRegistryError } from '../tool-registry-error.js'

/** A scope's restriction (`registry.restrict`), its lists copied into sets. */
export interface CompiledRestriction {
  readonly allow: ReadonlySet<string> | undefined
  readonly deny: ReadonlySet<string> | undefined
}

/**
 * A restriction checked and copied now: each list an array of names, at least one of them, and
 * every name a tool of `globals` (the global layer when it is added).
 */
export function compileRestriction(
  restriction: unknown,
  globals: ReadonlyMap<string, unknown>,
): CompiledRestriction {
  if (typeof restriction !== 'object' || restriction === null) {
    throw new ToolRegistryError('a restriction must be { allow?, deny? }', 'INVALID_RESTRICTION')
  }
  const { allow, deny } = restriction as ToolRestriction
  const allowList = copyNames(allow, 'allow')
  const denyList = copyNames(deny, 'deny')
  if (allowList === undefined && denyList === undefined) {
    throw new ToolRegistryError(
      'a restriction needs an allow list, a deny list, or both; {} restricts nothing',
      'INVALID_RESTRICTION',
    )
  }
  const unknown = [...(allowList ?? []), ...(denyList ?? [])].filter((name) => !globals.has(name))
  if (unknown.length > 0) {
    const known = [...globals.keys()]
    throw new ToolRegistryError(
      `a restriction can only name registered global tools; unknown: ${quoteAll(unknown)}; ` +
        `registered: ${known.length === 0 ? '(none)' : quoteAll(known)}`,
      'INVALID_RESTRICTION',
    )
  }
  return {
    allow: allowList === undefined ? undefined : new Set(allowList),
    // Stryker disable next-line ConditionalExpression: an empty deny set admits every name, as no deny list does
    deny: denyList === undefined ? undefined : new Set(denyList),
  }
}

/** Whether every restriction admits `name`: in its allow list if it has one, not in its deny list. */
export function admits(restrictions: readonly CompiledRestriction[], name: string): boolean {
  for (const { allow, deny } of restrictions) {
    if (allow !== undefined && !allow.has(name)) return false
    if (deny?.has(name) === true) return false
  }
  return true
}

/** The smallest allow list among `restrictions`: what `list()` walks under allow lists. */
export function smallestAllowList(
  restrictions: readonly CompiledRestriction[],
  // Stryker disable next-line BlockStatement: which allow-list list() walks only changes its cost: admits() checks every restriction and the result is sorted
): ReadonlySet<string> | undefined {
  let smallest: ReadonlySet<string> | undefined
  // Stryker disable next-line BlockStatement: which allow-list list() walks only changes its cost: admits() checks every restriction and the result is sorted
  for (const { allow } of restrictions) {
    // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator,BlockStatement: which allow-list list() walks only changes its cost (see above)
    if (allow !== undefined && (smallest === undefined || allow.size < smallest.size)) {
      smallest = allow
    }
  }
  return smallest
}

/** Copies a list of names at call time, checking it is an array of strings. */
function copyNames(names: unknown, field: 'allow' | 'deny'): string[] | undefined {
  if (names === undefined) return undefined
  if (!Array.isArray(names) || !names.every((name) => typeof name === 'string')) {
    throw new ToolRegistryError(
      `restriction.${field} must be an array of tool names`,
      'INVALID_RESTRICTION',
    )
  }
  return [...names]
}

function quoteAll(names: readonly string[]): string {
  return names.map((name) => `"${name}"`).join(', ')
}
