import type { HookReply } from './combine-pre-answers.js'
import { joinDistinct, stopReason } from './combine-pre-answers.js'

/** What a call's hooks decided together after its body ran. */
export type PostVerdict =
  | { readonly kind: 'stop'; readonly reason: string }
  | { readonly kind: 'block'; readonly reason: string }
  | { readonly kind: 'accept' }

/**
 * Combines the answers of the hooks that ran after a call's body (SPEC §19): a stop
 * (`continue: false`, `HOOK_STOPPED`) over a block (exit 2, `decision: "block"`), else the
 * result stands. Reasons of the winning kind are joined, one per line, in configuration order.
 */
export function combinePostAnswers(replies: readonly HookReply[]): PostVerdict {
  const stops = replies.filter(({ answer }) => answer.stop !== undefined)
  if (stops.length > 0) {
    return {
      kind: 'stop',
      reason: joinDistinct(stops.map(({ hook, answer }) => stopReason(hook, answer.stop))),
    }
  }
  const blocks = replies.filter(({ answer }) => answer.block === true)
  if (blocks.length > 0) {
    return { kind: 'block', reason: joinDistinct(blocks.map(({ answer }) => answer.reason ?? '')) }
  }
  return { kind: 'accept' }
}
