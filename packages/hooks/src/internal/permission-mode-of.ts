import type { Agent } from '@toolpipe/core'
import type { ToolRegistry } from '@toolpipe/tools'

/**
 * The `permission_mode` hooks are told for a call of `agent` (SPEC §26): the mode of the first
 * policy on the registry that judges the agent's calls (`registry.provided('policy/context')`,
 * which `@toolpipe/permissions` provides), else `fallback` (the `permissionMode` option). Read
 * per call: a settings file that changes `defaultMode` changes it. A policy whose
 * `permissionMode` throws or gives no mode is passed over.
 */
export function permissionModeOf(
  registry: ToolRegistry,
  agent: Agent | undefined,
  fallback: string,
): string {
  let contexts: readonly { permissionMode(agent?: Agent): string | undefined }[]
  try {
    contexts = registry.provided('policy/context')
  } catch {
    return fallback
  }
  for (const context of contexts) {
    try {
      const mode: unknown = context.permissionMode(agent)
      if (typeof mode === 'string' && mode !== '') return mode
    } catch {
      // A policy that cannot say its mode does not decide what the hooks are told.
    }
  }
  return fallback
}
