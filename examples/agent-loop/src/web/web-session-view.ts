import { presentCallSafely, presentResultSafely, renderCardHtml } from 'toolpipe'
import type { JsonValue, PresentableTool } from 'toolpipe'
import { callArguments } from '../cli/session-renderer.js'
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
  const calls = new Map<string, { tool: PresentableTool; args: JsonValue }>()
  const toolNamed = (name: string): PresentableTool => findTool(name) ?? { name }
  return (event) => {
    switch (event.type) {
      case 'session/start':
        return [
          {
            kind: 'session',
            model: event.model,
            sandbox: event.sandbox,
            tools: event.tools.map((tool) => tool.name),
          },
        ]
      case 'user/message':
        return [{ kind: 'user', text: event.text }]
      case 'assistant/turn':
        return [
          {
            kind: 'step',
            title: stepTitle(event),
            note: event.narration?.note,
            text: event.text,
          },
        ]
      case 'tool/call': {
        const tool = toolNamed(event.name)
        const args = callArguments(event)
        const view = presentCallSafely(tool, args)
        calls.set(event.callId, { tool, args })
        const html = renderCardHtml(view, { state: 'pending', toolName: event.name })
        return [{ kind: 'card', callId: event.callId, html }]
      }
      case 'approval':
        return [
          {
            kind: 'answer',
            callId: event.callId,
            outcome: event.outcome.replace('-', ' '),
            allowed: event.outcome.startsWith('allowed'),
            by: answeredBy(event),
          },
        ]
      case 'tool/progress':
        return [{ kind: 'progress', callId: event.callId, text: progressText(event) }]
      case 'tool/result': {
        const call = calls.get(event.callId) ?? { tool: toolNamed(event.name), args: null }
        const { result } = event
        const html = renderCardHtml(presentResultSafely(call.tool, call.args, result), {
          state: 'completed',
          toolName: event.name,
          pending: presentCallSafely(call.tool, call.args),
          isError: result.isError,
          ...(result.error === undefined ? {} : { errorCode: result.error.code }),
        })
        return [{ kind: 'card', callId: event.callId, html }]
      }
      case 'context/message':
        return [
          {
            kind: 'context',
            source: contextSource(event),
            text: contextText(event),
          },
        ]
      case 'session/end':
        return [{ kind: 'end', text: endText(event) }]
    }
  }
}
