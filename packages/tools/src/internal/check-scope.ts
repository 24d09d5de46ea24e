import type { Agent } from '@toolpipe/core'
import { describeThrown } from '@toolpipe/core/internal'
import { ToolRegistryError } from '../tool-registry-error.js'

/**
 * `scope` as an agent: refused (`INVALID_SCOPE`) unless it is an object, or — when not
 * `required` — absent (the global layer).
 */
export function checkScope(scope: unknown, required: true): Agent
export function checkScope(scope: unknown, required: false): Agent | undefined
export function checkScope(scope: unknown, required: boolean): Agent | undefined {
  if (scope === undefined && !required) return undefined
  if (typeof scope !== 'object' || scope === null) {
    throw new ToolRegistryError('a scope must be an agent object', 'INVALID_SCOPE')
  }
  return scope as Agent
}

/**
 * The `scope` of a registration's options, read once and checked like {@link checkScope}: absent
 * options or scope is the global layer. A getter or Proxy trap that throws (a revoked Proxy's
 * included) is `INVALID_SCOPE`, with what it threw as `cause` (SPEC §11).
 */
export function scopeOption(options: unknown): Agent | undefined {
  if (options === undefined || options === null) return undefined
  let scope: unknown
  try {
    scope = (options as { readonly scope?: unknown }).scope
  } catch (error) {
    throw new ToolRegistryError(
      `options.scope could not be read: ${describeThrown(error)}`,
      'INVALID_SCOPE',
      { cause: error },
    )
  }
  return checkScope(scope, false)
}
