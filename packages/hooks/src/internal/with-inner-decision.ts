import type { JsonValue } from '@toolpipe/core'
import type { PreToolDecision } from '@toolpipe/tools'
import { joinDistinct } from './combine-pre-answers.js'
import type { PreVerdict } from './combine-pre-answers.js'
import { jsonEqual } from './json-equal.js'

/**
 * The hooks' decision before the call, with the listeners' inside this one (`next()`): a deny
 * inside stands; otherwise the stricter of the two (ask over allow), the hooks' edit or the inner
 * one (two edits that differ: `HOOK_CONFLICT`). A hook's ask is asked every time (`remember:
 * false`): a remembered always-answer for the tool must not silence the hook.
 */
export function withInnerDecision(
  verdict: Exclude<PreVerdict, { kind: 'deny' }>,
  inner: PreToolDecision,
): PreToolDecision {
  if (inner.kind === 'deny') return inner
  const hooksEdit = verdict.arguments
  const innerEdit: JsonValue | undefined = inner.arguments
  if (hooksEdit !== undefined && innerEdit !== undefined && !jsonEqual(hooksEdit, innerEdit)) {
    return {
      kind: 'deny',
      reason: 'the hooks and a tools/pre-execute listener rewrote the arguments differently',
      code: 'HOOK_CONFLICT',
    }
  }
  const args = hooksEdit ?? innerEdit
  const withArgs = args === undefined ? {} : { arguments: args }
  if (verdict.kind === 'ask') {
    const reasons = [verdict.reason, inner.kind === 'ask' ? inner.reason : undefined].filter(
      (reason): reason is string => reason !== undefined,
    )
    return {
      kind: 'ask',
      ...(reasons.length === 0 ? {} : { reason: joinDistinct(reasons) }),
      ...withArgs,
      remember: false,
    }
  }
  return { ...inner, ...withArgs }
}
