import type { JsonValue, ToolErrorInfo } from '@toolpipe/core'
import type { ApprovalOutcome } from './approval.js'
import type { ToolDecision } from './tool-decision.js'
import type { PostToolDecision, PreToolDecision } from './tool-decisions.js'
import type { ToolProgress } from './tool-progress.js'
import type { ToolExecution, ToolExecutionResult } from './tool-execution.js'

/**
 * A `tools/start` observer: told of every call the moment `execute()` has read its input and
 * snapshotted its arguments, before anything else runs, synchronously in the caller's own stack
 * (so whatever the caller made current, such as an OpenTelemetry context, is current here too). It
 * sees every call, even one whose input could not be read or whose arguments are not JSON (then
 * `exec.arguments` is `undefined`), exactly once, and is always followed by the `tools/result`
 * observers of that same execution. It cannot change anything; a returned promise is not awaited,
 * and a failure is logged, never passed on.
 */
export type StartObserver = (
  exec: Readonly<ToolExecution<JsonValue | undefined>>,
) => void | Promise<void>

/**
 * What came back from the approval service for one `ask`: the outcome it answered, or the
 * failure it ended with (the service threw, or answered something that is not an outcome), and
 * how long the call waited for it.
 */
export type ApprovalAnswer =
  | {
      /** The outcome, read once into a fresh copy (edited arguments included). */
      readonly outcome: ApprovalOutcome
      /** Milliseconds from the request to the answer, by `performance.now()`; 0 from memory. */
      readonly durationMs: number
      /**
       * `true` when the answer came from the scope's memory of an earlier `allowed-always` or
       * `rejected-always` (SPEC §12.3): the service was not asked.
       */
      readonly remembered: boolean
      readonly error?: undefined
    }
  | {
      readonly outcome?: undefined
      /** Milliseconds from the request to the failure, by `performance.now()`. */
      readonly durationMs: number
      /** The failure's name and code, as the call's error result will carry them. */
      readonly error: ToolErrorInfo
      readonly remembered: false
    }

/**
 * A `tools/approval` observer: told when the approval service answers an `ask` (or fails to), or
 * when the scope's memory answers it (`remembered: true`), before the call goes on or is denied.
 * Only calls for which an answer came are reported (not an `ask` denied because no service is
 * configured or the call has no agent). It cannot change
 * anything; a returned promise is not awaited, and a failure is logged, never passed on.
 */
export type ApprovalObserver = (
  exec: Readonly<ToolExecution>,
  answer: ApprovalAnswer,
) => void | Promise<void>

/**
 * A `tools/pre-execute` listener: decides allow, deny or ask. Call `next()` for the decision of
 * the listeners inside this one (default `allow`), or return a decision to short-circuit them.
 * It only sees calls to a visible tool whose arguments passed the tool's check.
 */
export type PreExecuteListener = (
  exec: ToolExecution,
  next: () => Promise<PreToolDecision>,
) => PreToolDecision | Promise<PreToolDecision>

/**
 * A `tools/execute` wrapper around dispatch (timeouts, retries, tracing). `next()` runs the rest of
 * the chain and the tool; calling it again runs them again.
 */
export type ExecuteWrapper = (
  exec: ToolExecution,
  next: () => Promise<ToolExecutionResult>,
) => ToolExecutionResult | Promise<ToolExecutionResult>

/**
 * A `tools/post-execute` listener: inspects the result, then accepts (maybe replacing) or blocks
 * it. It sees every call whose arguments are JSON, unknown tools and invalid arguments included
 * (`isCallOf` tells a call that passed its tool's check).
 */
export type PostExecuteListener = (
  exec: ToolExecution,
  result: Readonly<ToolExecutionResult>,
  next: () => Promise<PostToolDecision>,
) => PostToolDecision | Promise<PostToolDecision>

/**
 * A `tools/result` observer: sees the frozen execution and its frozen, final result, synchronously
 * before `execute()` resolves. It cannot change anything; a returned promise is not awaited, and a
 * failure is logged, never passed on. It sees every call, even one whose input could not be read
 * or whose arguments are not JSON: then `exec.arguments` is `undefined`.
 */
export type ResultObserver = (
  exec: Readonly<ToolExecution<JsonValue | undefined>>,
  result: Readonly<ToolExecutionResult>,
) => void | Promise<void>

/**
 * A `tools/progress` observer: told of each `exec.reportProgress(update)` of a running call, with a
 * deep-frozen copy of the update, synchronously and in the order the tool reported them (ACP turns
 * them into `tool_call_update`s, MCP into `notifications/progress`). It cannot change anything; a
 * returned promise is not awaited, and a failure is logged, never passed on to the tool or to the
 * other observers. Updates reported after the call settled are dropped, never delivered. (A tool
 * reports during dispatch, where `exec.arguments` is its validated JSON; the type admits
 * `undefined` because any code holding the execution, a `tools/start` observer say, may report.)
 */
export type ProgressObserver = (
  exec: Readonly<ToolExecution<JsonValue | undefined>>,
  update: ToolProgress,
) => void | Promise<void>

/**
 * A `tools/decision` observer (SPEC §18.5): told of each stage that decided or changed something
 * in a call, in order, with the frozen decision — the pipeline's own stages (policy, approval,
 * guard, post) and what plugins report with `registry.reportDecision` (rules, hooks, budgets).
 * A call nobody decided on (the default allow) has none. It cannot change anything; a returned
 * promise is not awaited, and a failure is logged, never passed on.
 */
export type DecisionObserver = (
  exec: Readonly<ToolExecution<JsonValue | undefined>>,
  decision: ToolDecision,
) => void | Promise<void>

/**
 * The observer events plugins define, each mapped to its payload's type (SPEC §19): empty here,
 * extended by declaration merging in the plugin that notifies them.
 *
 * @example
 * declare module '@toolpipe/tools' {
 *   interface ToolPluginEventMap {
 *     'tools/hook-message': string
 *   }
 * }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a declaration-merging target
export interface ToolPluginEventMap {}

/** The name of an observer event a plugin defined ({@link ToolPluginEventMap}). */
export type ToolPluginEventName = Extract<keyof ToolPluginEventMap, string>

/**
 * An observer of a plugin's event: told by `registry.notify(event, exec, payload)`, synchronously,
 * in registration order, with the deep-frozen payload. It cannot change anything; a returned
 * promise is not awaited, and a failure is logged, never passed on.
 */
export type PluginObserver<TPayload> = (
  exec: Readonly<ToolExecution<JsonValue | undefined>>,
  payload: TPayload,
) => void | Promise<void>

/** A `tools/change` listener: the set of tools some scope sees has changed. */
export type ChangeListener = () => void

/** Every event of the registry and the shape of its listeners. */
export interface ToolEventMap {
  'tools/start': StartObserver
  'tools/pre-execute': PreExecuteListener
  'tools/approval': ApprovalObserver
  'tools/execute': ExecuteWrapper
  'tools/progress': ProgressObserver
  'tools/post-execute': PostExecuteListener
  'tools/result': ResultObserver
  'tools/decision': DecisionObserver
  'tools/change': ChangeListener
}

/** The name of a registry event. */
export type ToolEventName = keyof ToolEventMap

/**
 * Every event `on` takes, built-in and plugin-defined ({@link ToolPluginEventMap}), and the shape
 * of its listener.
 */
export type ToolListenerMap = ToolEventMap & {
  [TEvent in ToolPluginEventName]: PluginObserver<ToolPluginEventMap[TEvent]>
}
