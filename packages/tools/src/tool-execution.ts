import type { Agent, CallId, ContentBlock, HookContext, ToolErrorInfo } from '@toolpipe/core'

declare const toolExecutionTokenBrand: unique symbol

/**
 * The opaque identity of one execution: a symbol the registry creates per call, compared only by
 * identity. Nested calls carry their enclosing call's token as `parent`.
 */
export type ToolExecutionToken = symbol & { readonly [toolExecutionTokenBrand]: true }

/** What a caller hands to `execute()`: one tool call the model made. */
export interface ToolExecutionInput {
  readonly callId: CallId
  readonly name: string
  /** The parsed JSON arguments; the pipeline snapshots and freezes a copy before anything runs. */
  readonly arguments: unknown
  /** On whose behalf the call runs: the key of the scope whose tools, guards and listeners apply. */
  readonly agent?: Agent | undefined
  /** The token of an enclosing execution, when this call is a sub-dispatch of another. */
  readonly parent?: ToolExecutionToken | undefined
  signal?: AbortSignal | undefined
}

/**
 * One call as the pipeline owns it. Every field but `signal` is read-only from the start; the
 * whole object is frozen once the call settles, before observers see it.
 */
export interface ToolExecution extends ToolExecutionInput {
  readonly token: ToolExecutionToken
}

/** The outcome of a call: what the model reads back, plus structure for code. */
export interface ToolExecutionResult {
  content: ContentBlock[]
  isError: boolean
  /** Set when the failure was a `HarnessError`: its class name and code, for code to route on. */
  error?: ToolErrorInfo
  /**
   * Context a `tools/post-execute` listener attached for the model's next request. It is not
   * part of this call's content: an agent loop appends it after all of a step's tool results.
   */
  additionalContext?: HookContext
  /** The tool's presentation payload, from a successful `execute` that returned `{ content, meta }`. */
  meta?: unknown
}

/**
 * The final, scope-aware say before dispatch. `undefined` keeps the decision; a string denies the
 * call with that reason, and nothing after a guard can allow it again.
 */
export type ToolGuard = (execution: Readonly<ToolExecution>) => string | undefined
