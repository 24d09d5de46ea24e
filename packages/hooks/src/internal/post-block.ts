import type { ContentBlock, HookContext } from '@toolpipe/core'
import type { PostToolDecision } from '@toolpipe/tools'
import type { HooksDialect } from '../hooks-settings.js'

/**
 * The decision after the body when the hooks blocked (SPEC §19, §26), given the decision of the
 * listeners inside this one (`inner`) and the body's result content.
 *
 * Claude Code's `PostToolUse` block (exit 2, `decision: "block"`) runs after the tool already
 * ran, and its reason reaches the model beside the tool's output ("Automatically prompts Claude
 * with reason", https://code.claude.com/docs/en/hooks, "PostToolUse decision control"): the
 * content stays (as the inner listeners left it) and the reason follows it as one text block; it
 * never replaces the output. A block stays a block (`POST_BLOCKED`). After a failed body
 * (`PostToolUseFailure`) the failure stays what it was, with the reason after it. Gemini CLI's
 * `AfterTool` deny replaces the result with the reason.
 */
export function postBlock(
  reason: string,
  inner: PostToolDecision,
  content: readonly ContentBlock[],
  moment: 'success' | 'failure',
  dialect: HooksDialect,
  context: HookContext | undefined,
): PostToolDecision {
  const feedback: ContentBlock[] = [{ type: 'text', text: reason }]
  const withContext = context === undefined ? {} : { additionalContext: context }
  if (dialect === 'gemini') return { kind: 'block', feedback, ...withContext }
  const output = inner.kind === 'block' ? inner.feedback : (inner.content ?? content)
  if (moment === 'failure' && inner.kind !== 'block') {
    return { kind: 'accept', content: [...output, ...feedback], ...withContext }
  }
  return { kind: 'block', feedback: [...output, ...feedback], ...withContext }
}

/**
 * The decision after the body when a hook answered `continue: false` (SPEC §19): it blocks with
 * the stop reason, as a block does — the tool's output (or failure) kept and the reason after it
 * (SPEC §26: never replaced; Gemini CLI's `AfterTool` replaces it, as its deny does) — and the
 * result's error is `HookStoppedError` / `HOOK_STOPPED`, which the harness can end the turn on.
 */
export function postStop(
  reason: string,
  inner: PostToolDecision,
  content: readonly ContentBlock[],
  dialect: HooksDialect,
  context: HookContext | undefined,
): PostToolDecision {
  const output =
    dialect === 'gemini' ? [] : inner.kind === 'block' ? inner.feedback : (inner.content ?? content)
  return {
    kind: 'block',
    feedback: [...output, { type: 'text', text: reason }],
    ...(context === undefined ? {} : { additionalContext: context }),
    error: { name: 'HookStoppedError', code: 'HOOK_STOPPED' },
  }
}
