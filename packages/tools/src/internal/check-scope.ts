import type { Agent } from '@toolpipe/core'
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
