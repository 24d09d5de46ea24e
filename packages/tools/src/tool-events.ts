import type { JsonValue } from '@toolpipe/core'
import type { PostToolDecision, PreToolDecision } from './tool-decisions.js'
import type { ToolExecution, ToolExecutionResult } from './tool-execution.js'

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
