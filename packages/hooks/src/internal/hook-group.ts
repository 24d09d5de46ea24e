import type { HookEventName, HooksDialect } from '../hooks-settings.js'
import type { HookSourceKind } from '../command-hooks-options.js'

/**
 * When a group's hooks run: `pre` before the call is decided; after a body that ran, `success`
 * or `failure`; `after` both (Gemini CLI's `AfterTool`).
 */
export type HookStage = 'pre' | 'success' | 'failure' | 'after'

/** Where a hook was configured: the `tools/decision` record's source names it. */
export interface HookOrigin {
  readonly kind: HookSourceKind
  /** The settings file, for a hook read from one. */
  readonly path?: string | undefined
}

/** One hook, checked and in this package's units. */
export interface ConfiguredHook {
  readonly command: string
  readonly timeoutMs: number
  readonly origin: HookOrigin
}

/** One matcher group of a settings `hooks` object, checked. */
export interface HookGroup {
  readonly stage: HookStage
  /** Whether the group applies to a call of the tool with this rule name. */
  readonly matches: (ruleName: string) => boolean
  readonly hooks: readonly ConfiguredHook[]
  readonly sequential: boolean
}

/** The settings key of each stage a dialect runs. */
export const stageOfEvent: Readonly<
  Record<HooksDialect, Partial<Record<HookEventName, HookStage>>>
> = Object.freeze({
  claude: Object.freeze({
    PreToolUse: 'pre',
    PostToolUse: 'success',
    PostToolUseFailure: 'failure',
  }),
  gemini: Object.freeze({ BeforeTool: 'pre', AfterTool: 'after' }),
})

/** What a hook is told it is (`hook_event_name`) in each dialect, by when it runs. */
export function eventName(
  dialect: HooksDialect,
  moment: 'pre' | 'success' | 'failure',
): HookEventName {
  if (dialect === 'gemini') return moment === 'pre' ? 'BeforeTool' : 'AfterTool'
  return moment === 'pre'
    ? 'PreToolUse'
    : moment === 'success'
      ? 'PostToolUse'
      : 'PostToolUseFailure'
}
