import type { SessionUpdate } from '@agentclientprotocol/sdk'
import type { SessionEvent } from '../session/session-event.js'

/**
 * The `session/update`s the loop's own events become. Tool calls are not among them: the
 * registry streams those itself (`streamToolCallsToAcp`), from inside the pipeline.
 *
 * - an assistant turn's text → `agent_message_chunk`; the scripted model's heading (what the step
 *   shows) → `agent_thought_chunk`, before it;
 * - a context message (a hook's `additionalContext`) → `agent_thought_chunk` naming its source:
 *   it is written for the model, so it is shown as the agent's, never as the user's.
 */
export function sessionUpdatesOf(event: SessionEvent): SessionUpdate[] {
  switch (event.type) {
    case 'assistant/turn': {
      const updates: SessionUpdate[] = []
      if (event.narration !== undefined) {
        const { title, note } = event.narration
        updates.push(
          thought(`step ${event.step} · ${title}${note === undefined ? '' : `\n${note}`}`),
        )
      }
      if (event.text !== undefined) {
        updates.push({
          sessionUpdate: 'agent_message_chunk',
          content: { type: 'text', text: event.text },
        })
      }
      return updates
    }
    case 'context/message': {
      const source = event.source.kind === 'plugin' ? `plugin "${event.source.plugin}"` : 'the user'
      const text = event.content
        .map((block) => (block.type === 'text' ? block.text : `[${block.type} block]`))
        .join('\n')
      return [thought(`context from ${source}, for the model: ${text}`)]
    }
    default:
      return []
  }
}

function thought(text: string): SessionUpdate {
  return { sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text } }
}
