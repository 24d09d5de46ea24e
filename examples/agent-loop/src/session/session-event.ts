import type {
  ApprovalOutcome,
  ContentBlock,
  JsonValue,
  MessageSource,
  ToolExecutionResult,
  ToolSchema,
} from 'toolpipe'
import type { Narration } from '../model/model.js'

/** The first line of a session log: who talked to which tools. */
export interface SessionStartEvent {
  readonly type: 'session/start'
  readonly version: 1
  readonly model: string
  readonly agent: string
  readonly sandbox: string
  /** Exactly what the model was shown first: the tool-search session's `schemas()`. */
  readonly tools: readonly ToolSchema[]
}

/** The person's task. */
export interface UserMessageEvent {
  readonly type: 'user/message'
  readonly text: string
}

/** One assistant turn; its tool calls follow as `tool/call` events. */
export interface AssistantTurnEvent {
  readonly type: 'assistant/turn'
  readonly step: number
  readonly text?: string
  readonly narration?: Narration
  readonly toolCallIds: readonly string[]
}

/**
 * A tool call, written just before it runs. `arguments` is the parsed JSON the pipeline received;
 * when the model's text was not JSON, `rawArguments` holds that text instead and the call never
 * reaches the registry.
 */
export type ToolCallEvent = {
  readonly type: 'tool/call'
  readonly step: number
  readonly callId: string
  readonly name: string
  readonly agent: string
} & (
  | { readonly arguments: JsonValue; readonly rawArguments?: never }
  | { readonly rawArguments: string; readonly arguments?: never }
)

/** The approval service's answer to an `ask`, written while the call waits. */
export interface ApprovalEvent {
  readonly type: 'approval'
  readonly callId: string
  readonly name: string
  readonly reason?: string
  readonly outcome: ApprovalOutcome['kind']
  /**
   * Who answered: the person at the prompt, `--yes`, the rule for a stdin that is not a TTY, the
   * person at the ACP client (`--acp`, through `session/request_permission`), the person in the
   * web page (`--web`), or the registry's memory of an earlier "always" answer for this agent and
   * tool (nobody was asked).
   */
  readonly answeredBy:
    'prompt' | '--yes' | 'stdin is not a TTY' | 'nobody' | 'acp client' | 'web page' | 'remembered'
}

/**
 * A running call reported progress (`exec.reportProgress`, or an MCP server's
 * `notifications/progress` forwarded by the mount): what a `tools/progress` observer was told.
 */
export interface ToolProgressEvent {
  readonly type: 'tool/progress'
  readonly step: number
  readonly callId: string
  readonly name: string
  readonly progress?: number
  readonly total?: number
  readonly message?: string
}

/** The frozen result `registry.execute()` resolved with (or the loop's own error result). */
export interface ToolResultEvent {
  readonly type: 'tool/result'
  readonly step: number
  readonly callId: string
  readonly name: string
  readonly result: ToolExecutionResult
}

/** A hook's additionalContext, appended after all of the step's tool results. */
export interface ContextMessageEvent {
  readonly type: 'context/message'
  readonly step: number
  /** The call whose result carried it. */
  readonly callId: string
  readonly source: MessageSource
  readonly content: readonly ContentBlock[]
}

/** The loop stopped: the model answered without tool calls, or the step budget ran out. */
export interface SessionEndEvent {
  readonly type: 'session/end'
  readonly steps: number
  readonly reason: 'answered' | 'max-steps' | 'aborted'
}

/** One line of the JSON Lines session log; also what the live renderer draws. */
export type SessionEvent =
  | SessionStartEvent
  | UserMessageEvent
  | AssistantTurnEvent
  | ToolCallEvent
  | ApprovalEvent
  | ToolProgressEvent
  | ToolResultEvent
  | ContextMessageEvent
  | SessionEndEvent
