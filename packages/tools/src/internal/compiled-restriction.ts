import { describeThrown } from '@toolpipe/core/internal'
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
  const allowList = copyNames(restriction, 'allow')
  const denyList = copyNames(restriction, 'deny')
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

/**
 * Copies `restriction[field]`, a list of names, at call time, each member read once and checked
 * to be a string. A getter or Proxy trap that throws (a revoked Proxy's included) is refused
 * (`INVALID_RESTRICTION`) naming the list, with what it threw as `cause` (SPEC §11).
 */
function copyNames(restriction: object, field: 'allow' | 'deny'): string[] | undefined {
  let names: string[] | undefined
  try {
    const list: unknown = (restriction as Readonly<Record<string, unknown>>)[field]
    if (list === undefined) return undefined
    names = Array.isArray(list) ? copyStrings(list) : undefined
  } catch (error) {
    throw new ToolRegistryError(
      `restriction.${field} could not be read: ${describeThrown(error)}`,
      'INVALID_RESTRICTION',
      { cause: error },
    )
  }
  if (names === undefined) {
    throw new ToolRegistryError(
      `restriction.${field} must be an array of tool names`,
      'INVALID_RESTRICTION',
    )
  }
  return names
}

/** A copy of `list` read once per index, or `undefined` at its first member that is not a string. */
function copyStrings(list: readonly unknown[]): string[] | undefined {
  const copy: string[] = []
  const { length } = list
  for (let index = 0; index < length; index++) {
    const name = list[index]
    if (typeof name !== 'string') return undefined
    copy.push(name)
  }
  return copy
}

function quoteAll(names: readonly string[]): string {
  return names.map((name) => `"${name}"`).join(', ')
}
