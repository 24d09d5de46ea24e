import type { Agent } from '@toolpipe/core'

/**
 * What a policy plugin (`@toolpipe/permissions`) tells the plugins beside it about how it
 * judges calls (SPEC §26): hooks send its mode as `permission_mode`, an audit log resolves a
 * relative path against its project root.
 */
export interface PolicyContext {
  /** Absolute: what `/p` rules are relative to. */
  readonly projectRoot: string
  /** Absolute: what relative paths resolve against. */
  readonly cwd: string
  /**
   * The permission mode in force for a call of `agent` (`default`, `acceptEdits`, `plan`,
   * `dontAsk`, `bypassPermissions`), or undefined when this policy does not judge its calls.
   */
  permissionMode(agent?: Agent): string | undefined
}

/**
 * Values plugins provide to the plugins beside them on one registry, by name (see
 * `registry.provide`). Extend it by declaration merging for a plugin's own values.
 */
export interface ToolProvidedValueMap {
  'policy/context': PolicyContext
}

/** A name of {@link ToolProvidedValueMap}. */
export type ToolProvidedValueName = keyof ToolProvidedValueMap
