import type { ContentBlock, HookContext, JsonValue, ToolErrorInfo } from '@toolpipe/core'

/**
 * What `tools/pre-execute` decides about a call before it runs (SPEC §6.3 step 5, §18.4).
 *
 * - `allow`: the call may go on to the guards. With `arguments`, they replace the call's
 *   arguments (see below).
 * - `deny`: the call ends with `ToolDeniedError`, coded `code` (default `POLICY_DENIED`): a
 *   plugin names its own rule (`HOOK_DENIED`, say). A code is upper-case letters, digits and
 *   underscores.
 * - `ask`: the approval service (or the scope's memory of always-answers) decides. With
 *   `remember: false`, that memory neither answers nor stores this call (a plugin that keeps its
 *   own memory, such as permission rules, asks this way).
 *
 * When the waterfall's final decision carries `arguments`, they replace the call's arguments
 * before step 6: snapshotted, frozen, normalised and validated again by step 4's rules (invalid:
 * `INVALID_ARGS` naming the edit, and nothing runs). The new value is what the approval card, the
 * guards, the wrappers and the body see. A listener that calls `next()` sees the inner decision,
 * arguments included.
 */
export type PreToolDecision =
  | { kind: 'allow'; arguments?: JsonValue | undefined }
  | { kind: 'deny'; reason: string; code?: string | undefined }
  | {
      kind: 'ask'
      reason?: string | undefined
      arguments?: JsonValue | undefined
      /** Default `true`: the scope's memory of always-answers applies to this call. */
      remember?: boolean | undefined
    }

/** What `tools/post-execute` decides about a call's result. */
export type PostToolDecision =
  | {
      kind: 'accept'
      /** Replaces the result's content; an error result stays an error. */
      content?: ContentBlock[] | undefined
      additionalContext?: HookContext | undefined
    }
  | {
      kind: 'block'
      /** Becomes the content of an error result: tell the model what to do instead. */
      feedback: ContentBlock[]
      additionalContext?: HookContext | undefined
      /**
       * What the block stands for, when not a plain block: the result's `error` (default
       * `{ name: 'ToolBlockedError', code: 'POST_BLOCKED' }`), as a hook's `continue: false` is
       * `HookStoppedError` / `HOOK_STOPPED` with the tool's output kept.
       */
      error?: ToolErrorInfo | undefined
    }
