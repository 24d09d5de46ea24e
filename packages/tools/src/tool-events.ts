import type { PostToolDecision, PreToolDecision } from './tool-decisions.js'
import type { ToolExecution, ToolExecutionResult } from './tool-execution.js'

/**
 * A `tools/pre-execute` listener: decides allow, deny or ask. Call `next()` for the decision of
 * the listeners inside this one (default `allow`), or return a decision to short-circuit them.
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

/** A `tools/post-execute` listener: inspects the result, then accepts (maybe replacing) or blocks it. */
export type PostExecuteListener = (
  exec: ToolExecution,
  result: Readonly<ToolExecutionResult>,
  next: () => Promise<PostToolDecision>,
) => PostToolDecision | Promise<PostToolDecision>

/**
 * A `tools/result` observer: sees the frozen execution and its frozen, final result, synchronously
 * before `execute()` resolves. It cannot change anything; a returned promise is not awaited, and a
 * failure is logged, never passed on.
 */
export type ResultObserver = (
  exec: Readonly<ToolExecution>,
  result: Readonly<ToolExecutionResult>,
) => void | Promise<void>

/** A `tools/change` listener: the set of tools some scope sees has changed. */
export type ChangeListener = () => void

/** Every event of the registry and the shape of its listeners. */
export interface ToolEventMap {
  'tools/pre-execute': PreExecuteListener
  'tools/execute': ExecuteWrapper
  'tools/post-execute': PostExecuteListener
  'tools/result': ResultObserver
  'tools/change': ChangeListener
}

/** The name of a registry event. */
export type ToolEventName = keyof ToolEventMap
