import type { JsonValue, PresentableTool } from 'toolpipe'
import type { ToolCallEvent } from './session-event.js'

/** A call as its cards are presented: the tool it names and the arguments it was made with. */
export interface PresentedCall {
  readonly tool: PresentableTool
  readonly args: JsonValue | undefined
}

/**
 * The tool and arguments of each call, kept from its `tool/call` event to present the events
 * that follow it (its progress, its result) with the same presenters: a live run and a replayed
 * log make the same cards. A tool no longer known is presented by its name (the generic cards).
 */
export class PresentedCalls {
  readonly #calls = new Map<string, PresentedCall>()
  readonly #findTool: (name: string) => PresentableTool | undefined
  readonly #unknownArguments: JsonValue | undefined

  /**
   * @param findTool - the tool a call names, for its presenters
   * @param unknownArguments - the arguments of a call whose `tool/call` event was not seen
   */
  constructor(
    findTool: (name: string) => PresentableTool | undefined,
    unknownArguments: JsonValue | undefined,
  ) {
    this.#findTool = findTool
    this.#unknownArguments = unknownArguments
  }

  /** Keeps the call of a `tool/call` event, and gives it. */
  remember(event: ToolCallEvent): PresentedCall {
    const call = { tool: this.#toolNamed(event.name), args: callArguments(event) }
    this.#calls.set(event.callId, call)
    return call
  }

  /** The call an event is about: as remembered, or its tool by name without its arguments. */
  of(event: { readonly callId: string; readonly name: string }): PresentedCall {
    return (
      this.#calls.get(event.callId) ?? {
        tool: this.#toolNamed(event.name),
        args: this.#unknownArguments,
      }
    )
  }

  #toolNamed(name: string): PresentableTool {
    return this.#findTool(name) ?? { name }
  }
}

/** The arguments the pending card was made from: parsed JSON, or the raw text that was not JSON. */
export function callArguments(event: ToolCallEvent): JsonValue {
  if (event.rawArguments !== undefined) return event.rawArguments
  return event.arguments ?? null
}
