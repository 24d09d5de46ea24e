import type { JsonObject, JsonValue } from '@toolpipe/core'
import { isPlainObject } from '@toolpipe/core/internal'
import type { ConfiguredHook } from './hook-group.js'
import { jsonEqual } from './json-equal.js'
import type { HookAnswer } from './hook-answer.js'

/** One hook's answer, with the hook that gave it. */
export interface HookReply {
  readonly hook: ConfiguredHook
  readonly answer: HookAnswer
}

/** The deny codes hooks give (SPEC §19), and `CANCELLED` for a call aborted while they ran. */
export type HookDenyCode = 'HOOK_STOPPED' | 'HOOK_DENIED' | 'HOOK_CONFLICT' | 'CANCELLED'

/** What a call's hooks decided together before it. */
export type PreVerdict =
  | { readonly kind: 'deny'; readonly code: HookDenyCode; readonly reason: string }
  | {
      /** `none`: no hook decided anything (edits aside). */
      readonly kind: 'allow' | 'ask' | 'none'
      readonly reason?: string | undefined
      /** The hooks' new arguments, when they edited them. */
      readonly arguments?: JsonObject | undefined
    }

/**
 * Combines the answers of a call's hooks (SPEC §19): the strictest wins — a stop
 * (`HOOK_STOPPED`) over a deny (`HOOK_DENIED`), then a call aborted while they ran
 * (`CANCELLED`), then edits that differ (`HOOK_CONFLICT`), then ask, then allow. Reasons of the
 * winning kind are joined, one per line, in configuration order.
 *
 * Edits: Claude Code's `updatedInput` replaces the arguments, and hooks that edit must agree on
 * the result. Gemini CLI's `tool_input` is merged into the arguments: in parallel each hook's
 * merge must give the same result; in sequence (`sequential`) each hook saw the arguments as the
 * ones before it left them, and the merges apply in order.
 */
export function combinePreAnswers(
  replies: readonly HookReply[],
  original: JsonValue,
  sequential: boolean,
): PreVerdict {
  const stops = replies.filter(({ answer }) => answer.stop !== undefined)
  if (stops.length > 0) {
    return deny(
      'HOOK_STOPPED',
      stops.map(({ hook, answer }) => stopReason(hook, answer.stop)),
    )
  }
  const denials = replies.filter(({ answer }) => answer.permission === 'deny')
  if (denials.length > 0) {
    return deny(
      'HOOK_DENIED',
      denials.map(({ answer }) => answer.reason ?? ''),
    )
  }
  const aborted = replies.find(({ answer }) => answer.aborted === true)
  if (aborted !== undefined) {
    return deny('CANCELLED', [`the call was cancelled while hook "${aborted.hook.command}" ran`])
  }

  let edit: { readonly by: ConfiguredHook; readonly value: JsonObject } | undefined
  let current = original
  for (const { hook, answer } of replies) {
    if (answer.updatedInput === undefined) continue
    const next =
      answer.patch === true
        ? merge(sequential ? current : original, answer.updatedInput)
        : answer.updatedInput
    if (sequential) current = next
    else if (edit !== undefined && !jsonEqual(edit.value, next)) {
      return deny('HOOK_CONFLICT', [
        `hooks "${edit.by.command}" and "${hook.command}" rewrote the arguments differently`,
      ])
    }
    edit = { by: edit?.by ?? hook, value: next }
  }
  const edited = edit?.value

  const asks = replies.filter(({ answer }) => answer.permission === 'ask')
  const allows = replies.filter(({ answer }) => answer.permission === 'allow')
  const kind = asks.length > 0 ? 'ask' : allows.length > 0 ? 'allow' : 'none'
  const reasons = (kind === 'ask' ? asks : allows).flatMap(({ answer }) =>
    answer.reason === undefined ? [] : [answer.reason],
  )
  return {
    kind,
    ...(reasons.length === 0 ? {} : { reason: joinDistinct(reasons) }),
    ...(edited === undefined ? {} : { arguments: edited }),
  }
}

/** Gemini CLI's merge: the hook's members over the arguments' (a non-object is replaced). */
function merge(base: JsonValue, patch: JsonObject): JsonObject {
  // Spread defines own properties, so a `__proto__` key stays data.
  return isPlainObject(base) ? { ...base, ...patch } : patch
}

function deny(code: HookDenyCode, reasons: readonly string[]): PreVerdict {
  return { kind: 'deny', code, reason: joinDistinct(reasons) }
}

/** A hook's stop reason, or a sentence naming the hook when it gave none (or an empty one). */
export function stopReason(hook: ConfiguredHook, given: string | undefined): string {
  return given === undefined || given === '' ? `hook "${hook.command}" stopped the turn` : given
}

/** The reasons, each once, in order, one per line. */
export function joinDistinct(reasons: readonly string[]): string {
  return [...new Set(reasons)].join('\n')
}
