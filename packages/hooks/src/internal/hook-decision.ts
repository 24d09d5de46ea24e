import type { ToolDecision } from '@toolpipe/tools'
import { stopReason } from './combine-pre-answers.js'
import type { HookReply } from './combine-pre-answers.js'

/**
 * The `tools/decision` record of one hook's answer (SPEC §18.5, §19): stage `hook`, the hook's
 * command as `source.id` and its settings file as `source.path`. Before the call: a stop or a
 * deny is `deny`, then `ask`, new arguments `edit`, `allow`; after the body: a stop or a block is
 * `block`. A hook that decided nothing (context or a message only, a non-blocking error) has no
 * record.
 */
export function hookDecision(reply: HookReply, moment: 'pre' | 'post'): ToolDecision | undefined {
  const { hook, answer } = reply
  let outcome: ToolDecision['outcome'] | undefined
  let reason: string | undefined
  if (answer.stop !== undefined) {
    outcome = moment === 'pre' ? 'deny' : 'block'
    reason = stopReason(hook, answer.stop)
  } else if (moment === 'post') {
    if (answer.block === true) [outcome, reason] = ['block', answer.reason]
  } else if (answer.permission === 'deny' || answer.permission === 'ask') {
    ;[outcome, reason] = [answer.permission, answer.reason]
  } else if (answer.updatedInput !== undefined) {
    ;[outcome, reason] = ['edit', answer.reason]
  } else if (answer.permission === 'allow') {
    ;[outcome, reason] = ['allow', answer.reason]
  }
  if (outcome === undefined) return undefined
  const source = {
    kind: 'hook',
    id: hook.command,
    ...(hook.origin.path === undefined ? {} : { path: hook.origin.path }),
  }
  return Object.freeze({
    stage: 'hook',
    outcome,
    source: Object.freeze(source),
    ...(reason === undefined ? {} : { reason }),
  })
}
