import type { ToolProgress } from './tool-progress.js'
import type {
  Agent,
  CallId,
  ContentBlock,
  HookContext,
  JsonValue,
  ToolErrorInfo,
} from '@toolpipe/core'

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
 *
 * `arguments` is the deep-frozen JSON snapshot of the model's arguments. Pre-execute listeners,
 * guards, `tools/execute` wrappers and the tool see it only after it passed the tool's argument
 * check, hence the default `JsonValue`; {@link isCallOf} narrows it to one tool's argument type.
 * `tools/result` observers also see calls that never got that far, whose `arguments` may be
 * `undefined` (`ToolExecution<JsonValue | undefined>`).
 *
 * @typeParam TArguments - the type of `arguments`
 */
export interface ToolExecution<TArguments = JsonValue> extends ToolExecutionInput {
  readonly arguments: TArguments
  readonly token: ToolExecutionToken
  /**
   * Reports progress of the running call (SPEC §12.2): the update is snapshotted, frozen and
   * handed to the `tools/progress` observers, synchronously and in order; an observer's failure
   * never reaches the tool. An update after the call settled is dropped. Call it as a method
   * (`exec.reportProgress(update)`); it returns nothing.
   *
   * @throws `ToolPipelineError` (`INVALID_PROGRESS`) for an update that is not one (a
   * non-object, a number that is not finite, content that is not content blocks)
   */
  reportProgress(update: ToolProgress): void
}

/** What every result carries, success or not. */
interface ToolResultFields {
  content: ContentBlock[]
  /**
   * Context a `tools/post-execute` listener attached for the model's next request. It is not
   * part of this call's content: an agent loop appends it after all of a step's tool results.
   */
  additionalContext?: HookContext
  /** The tool's presentation payload, from a successful `execute` that returned `{ content, meta }`. */
  meta?: unknown
  /**
   * The tool's machine-readable result (deep-frozen JSON), from an `execute` that returned
   * `{ structured }`: already checked against the tool's `outputSchema` when it has one. What an
   * MCP server sends as `structuredContent`, what a subagent's caller reads instead of text.
   */
  structured?: JsonValue
}

/** A call that ran and succeeded: no `error`. */
export interface ToolSuccessResult extends ToolResultFields {
  isError: false
  error?: undefined
}

/**
 * A call that did not run or failed. `error` names the outcome for code (a span, a UI, a retry
 * policy) so that nothing has to parse the text: the thrown `HarnessError`'s own name and code,
 * or one of the pipeline's (`ToolDeniedError` / `GUARD_DENIED`, `ToolFailedError` /
 * `TOOL_FAILED`, …; the `@toolpipe/tools` README lists them all).
 */
export interface ToolErrorResult extends ToolResultFields {
  isError: true
  error: ToolErrorInfo
}

/** The outcome of a call: what the model reads back, plus structure for code. */
export type ToolExecutionResult = ToolSuccessResult | ToolErrorResult

/**
 * The final, scope-aware say before dispatch. `undefined` keeps the decision; a string denies the
 * call with that reason, and nothing after a guard can allow it again. A guard sees the call's
 * arguments after they passed the tool's argument check.
 */
export type ToolGuard = (execution: Readonly<ToolExecution>) => string | undefined
