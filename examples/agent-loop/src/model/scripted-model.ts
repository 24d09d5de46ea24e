import { asCallId } from 'toolpipe'
import type { ToolResultBlock, ToolSchema } from 'toolpipe'
import type { ConversationMessage } from './conversation.js'
import { DemoError } from '../cli/demo-error.js'
import type { Model, ModelTurn, Narration } from './model.js'

/** What a script step sees: the conversation, and the results of the previous turn's calls. */
export interface ScriptContext {
  /** 1 for the first turn. */
  readonly turn: number
  readonly messages: readonly ConversationMessage[]
  /** The tool results answering the previous assistant turn, in call order. */
  readonly previousResults: readonly ToolResultBlock[]
  /** The tools the model was shown for this turn. */
  readonly tools: readonly ToolSchema[]
}

/** One scripted tool call: its arguments are sent as JSON text, as a real model writes them. */
export interface ScriptedCall {
  readonly name: string
  readonly arguments: unknown
}

/** What a script step says. */
export interface ScriptedTurn {
  readonly narration?: Narration
  readonly text?: string
  readonly calls?: readonly ScriptedCall[]
}

/** A script step: a function, so a step can react to the results of the one before. */
export type ScriptStep = (context: ScriptContext) => ScriptedTurn

/** Options of {@link createScriptedModel}. */
export interface ScriptedModelOptions {
  /**
   * What every turn past the script's end plays (an ACP session may be prompted again after the
   * script answered). Without it, such a turn rejects.
   */
  readonly afterTheEnd?: ScriptStep | undefined
}

/**
 * A model that plays a fixed script, offline and deterministic: turn N runs script step N, which
 * may look at the previous turn's results (to correct a call after a `ToolArgsError`, say). Call
 * ids are `call_<turn>_<n>`. Asking for a turn past the script's end plays `afterTheEnd`, or
 * rejects without it.
 */
export function createScriptedModel(
  script: readonly ScriptStep[],
  options: ScriptedModelOptions = {},
): Model {
  return {
    description: 'scripted',
    name: 'scripted',
    next({ messages, tools }) {
      const turn = messages.filter((message) => message.role === 'assistant').length + 1
      const step = script[turn - 1] ?? options.afterTheEnd
      if (step === undefined) {
        return Promise.reject(
          new DemoError(`the script has no turn ${turn} (it has ${script.length})`, 'MODEL_ERROR'),
        )
      }
      const scripted = step({ turn, messages, tools, previousResults: previousResults(messages) })
      const toolCalls = (scripted.calls ?? []).map((call, index) => ({
        type: 'tool-call' as const,
        id: asCallId(`call_${turn}_${index + 1}`),
        name: call.name,
        arguments: JSON.stringify(call.arguments),
      }))
      const result: ModelTurn = {
        toolCalls,
        ...(scripted.text === undefined ? {} : { text: scripted.text }),
        ...(scripted.narration === undefined ? {} : { narration: scripted.narration }),
      }
      return Promise.resolve(result)
    },
  }
}

function previousResults(messages: readonly ConversationMessage[]): ToolResultBlock[] {
  const lastAssistant = messages.findLastIndex((message) => message.role === 'assistant')
  if (lastAssistant === -1) return []
  return messages
    .slice(lastAssistant + 1)
    .flatMap((message) => (message.role === 'tool' ? [message.result] : []))
}
