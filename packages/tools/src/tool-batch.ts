import type { HookContext } from '@toolpipe/core'
import type { ToolExecutionResult } from './tool-execution.js'

/** Options of `executeBatch`. */
export interface ToolBatchOptions {
  /**
   * Aborts the whole batch: every running call sees it through `exec.signal` (combined with the
   * call's own signal), and every call that has not started ends, without running, with
   * `ToolCancelledError` (`CANCELLED`).
   */
  readonly signal?: AbortSignal | undefined
  /** How many `concurrencySafe` calls may run at once: a positive integer, default 8. */
  readonly maxConcurrency?: number | undefined
}

/** What `executeBatch` resolves to: one result per input, and the context to append after them. */
export interface ToolBatchResult {
  /** One frozen result per input, in input order, whatever order the calls finished in. */
  readonly results: readonly ToolExecutionResult[]
  /**
   * Every call's `additionalContext`, in input order: append it after all of the step's tool
   * results, so that each tool call stays next to its result (the seed's rule).
   */
  readonly additionalContext: readonly HookContext[]
}
