import type {
  ApprovalEvent,
  AssistantTurnEvent,
  ContextMessageEvent,
  SessionEndEvent,
  ToolProgressEvent,
} from './session-event.js'

/**
 * The words the terminal and the web page both use for session events, so the two say the same.
 */

/** `step 3 · a deny`, or `step 3` without the scripted model's narration. */
export function stepTitle(event: AssistantTurnEvent): string {
  return event.narration === undefined
    ? `step ${event.step}`
    : `step ${event.step} · ${event.narration.title}`
}

/** Who answered an ask, for people. */
export function answeredBy(event: ApprovalEvent): string {
  switch (event.answeredBy) {
    case 'prompt':
      return event.outcome === 'cancelled' ? 'interrupted at the prompt' : 'answered at the prompt'
    case 'web page':
      return event.outcome === 'cancelled'
        ? 'interrupted while waiting for the web page'
        : 'answered in the web page'
    case 'nobody':
      return 'no approval channel: stdin is not a TTY and no --yes'
    case 'acp client':
      return 'answered at the ACP client'
    case 'remembered':
      return 'remembered: an earlier "always" answer, nobody was asked'
    default:
      return `auto-approved: ${event.answeredBy}`
  }
}

/** `2/3 searching rules`: the reported counts and message. */
export function progressText(event: ToolProgressEvent): string {
  const count =
    event.progress === undefined
      ? ''
      : event.total === undefined
        ? `${event.progress}`
        : `${event.progress}/${event.total}`
  return [count, event.message ?? ''].filter((part) => part !== '').join(' ')
}

/** `plugin "syntax-check"` or `the user`. */
export function contextSource(event: ContextMessageEvent): string {
  return event.source.kind === 'plugin' ? `plugin "${event.source.plugin}"` : 'the user'
}

/** A context message's blocks as text: other blocks are named. */
export function contextText(event: ContextMessageEvent): string {
  return event.content
    .map((block) => (block.type === 'text' ? block.text : `[${block.type} block]`))
    .join('\n')
}

/** `end: the model answered after 10 steps`. */
export function endText(event: SessionEndEvent): string {
  const how =
    event.reason === 'answered'
      ? 'the model answered'
      : event.reason === 'max-steps'
        ? 'the step budget ran out'
        : 'interrupted'
  return `end: ${how} after ${event.steps} steps`
}
