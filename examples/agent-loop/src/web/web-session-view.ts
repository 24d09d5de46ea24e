import { presentCallSafely, presentResultSafely, renderCardHtml } from 'toolpipe'
import type { PresentableTool } from 'toolpipe'
import { PresentedCalls } from '../session/presented-calls.js'
import {
  answeredBy,
  contextSource,
  contextText,
  endText,
  progressText,
  stepTitle,
} from '../session/event-words.js'
import type { SessionEvent } from '../session/session-event.js'
import type { WebMessage } from './web-message.js'

/** Turns session events into the page's messages, one event at a time, in log order. */
export type WebSessionView = (event: SessionEvent) => WebMessage[]

/**
 * The page's side of the session renderer: the same presenters through `presentCallSafely` /
 * `presentResultSafely`, each card made HTML by `renderCardHtml` (a call's pending card, then its
 * completed card in its place), and everything else as plain text.
 */
export function createWebSessionView(
  findTool: (name: string) => PresentableTool | undefined,
): WebSessionView {
  const calls = new PresentedCalls(findTool, null)
  return (event) => {
    switch (event.type) {
      case 'tool/call': {
        const { tool, args } = calls.remember(event)
        const view = presentCallSafely(tool, args)
        const html = renderCardHtml(view, { state: 'pending', toolName: event.name })
        return [{ kind: 'card', callId: event.callId, html }]
      }
      case 'tool/progress':
        return [{ kind: 'progress', callId: event.callId, text: progressText(event) }]
      case 'tool/result': {
        const { tool, args } = calls.of(event)
        const { result } = event
        const html = renderCardHtml(presentResultSafely(tool, args, result), {
          state: 'completed',
          toolName: event.name,
          pending: presentCallSafely(tool, args),
          isError: result.isError,
          ...(result.error === undefined ? {} : { errorCode: result.error.code }),
        })
        return [{ kind: 'card', callId: event.callId, html }]
      }
      default:
        return [textMessage(event)]
    }
  }
}

/** The message of an event that is not about a call's card. */
function textMessage(
  event: Exclude<SessionEvent, { type: 'tool/call' | 'tool/progress' | 'tool/result' }>,
): WebMessage {
  switch (event.type) {
    case 'session/start':
      return {
        kind: 'session',
        model: event.model,
        sandbox: event.sandbox,
        tools: event.tools.map((tool) => tool.name),
      }
    case 'user/message':
      return { kind: 'user', text: event.text }
    case 'assistant/turn':
      return {
        kind: 'step',
        title: stepTitle(event),
        note: event.narration?.note,
        text: event.text,
      }
    case 'approval':
      return {
        kind: 'answer',
        callId: event.callId,
        outcome: event.outcome.replace('-', ' '),
        allowed: event.outcome.startsWith('allowed'),
        by: answeredBy(event),
      }
    case 'context/message':
      return { kind: 'context', source: contextSource(event), text: contextText(event) }
    case 'session/end':
      return { kind: 'end', text: endText(event) }
  }
}
