import { isAbsolute } from 'node:path'
import type { Agent } from '@toolpipe/core'
import type { ToolRegistry, ToolRules } from '@toolpipe/tools'

/** What hooks are told about the policy that judges a call. */
export interface PolicyFacts {
  /** The `permission_mode` hooks are told. */
  readonly permissionMode: string
  /**
   * What the policy resolves a relative subject path against (its `cwd`, absolute), or undefined
   * when no policy judges the call or it gives none: then the hooks' own project root.
   */
  readonly cwd: string | undefined
  /**
   * The rules that policy's options give for the called tool (`permissions({ tools })`), which
   * take the place of the definition's own (SPEC §18.1); undefined when it gives none.
   */
  readonly toolRules: ToolRules | undefined
}

/**
 * What hooks are told for a call of `agent` about the policy that judges it (SPEC §26): the first
 * policy on the registry that judges the agent's calls (`registry.provided('policy/context')`,
 * which `@toolpipe/permissions` provides) gives its mode, told as `permission_mode`, and its `cwd`,
 * which relative `file_path`s resolve against, as its rules resolve them (§18.1). Without one, the
 * mode is `fallback` (the `permissionMode` option). Read per call: a settings file that changes
 * `defaultMode` changes it. A policy whose `permissionMode` throws or gives no mode is passed over;
 * a `cwd` that is not an absolute path, or whose getter throws, is none.
 */
export function policyFactsOf(
  registry: ToolRegistry,
  agent: Agent | undefined,
  fallback: string,
  toolName = '',
): PolicyFacts {
  let contexts: readonly unknown[]
  try {
    contexts = registry.provided('policy/context')
  } catch {
    return { permissionMode: fallback, cwd: undefined, toolRules: undefined }
  }
  for (const context of contexts) {
    try {
      const policy = context as { permissionMode(agent?: Agent): unknown }
      const mode = policy.permissionMode(agent)
      if (typeof mode === 'string' && mode !== '') {
        return {
          permissionMode: mode,
          cwd: cwdOf(context),
          toolRules: toolRulesOf(context, toolName),
        }
      }
    } catch {
      // A policy that cannot say its mode does not decide what the hooks are told.
    }
  }
  return { permissionMode: fallback, cwd: undefined, toolRules: undefined }
}

/** The rules a policy gives for `name`: an object, or undefined (a throw is none). */
function toolRulesOf(context: unknown, name: string): ToolRules | undefined {
  try {
    const rules: unknown = (context as { toolRules?(name: string): unknown }).toolRules?.(name)
    return typeof rules === 'object' && rules !== null ? rules : undefined
  } catch {
    return undefined
  }
}

function cwdOf(context: unknown): string | undefined {
  try {
    const cwd: unknown = (context as { cwd?: unknown }).cwd
    return typeof cwd === 'string' && isAbsolute(cwd) ? cwd : undefined
  } catch {
    return undefined
  }
}
