import { describeValue } from '@toolpipe/core/internal'
import type { HookContext } from '@toolpipe/core'
import { ToolPipelineError } from '../tool-pipeline-error.js'

/*
 * Plugin code (listeners, wrappers, tools) is trusted to run but not to be right: every value it
 * hands the pipeline is checked here, and a malformed one fails the call with a message that
 * names the culprit instead of failing somewhere later.
 */

/**
 * Whether `value` has the shape of a `HookContext`: an array of content and a source. Meant for a
 * JSON copy; its blocks are checked by `checkContent`.
 */
export function isHookContext(value: unknown): value is HookContext {
  // Stryker disable next-line ConditionalExpression: a primitive has no content, and the content test below refuses it ("→ true" refuses every context and fails the tests)
  if (typeof value !== 'object' || value === null) return false
  const { content, source } = value as Partial<Record<'content' | 'source', unknown>>
  if (!Array.isArray(content) || typeof source !== 'object' || source === null) return false
  const { kind, plugin } = source as Partial<Record<'kind' | 'plugin', unknown>>
  return kind === 'user' || (kind === 'plugin' && typeof plugin === 'string')
}

/** The error of a listener that returned something the pipeline cannot use. */
export function invalidDecision(
  event: string,
  value: unknown,
  expected: string,
): ToolPipelineError {
  return new ToolPipelineError(
    `a ${event} listener returned ${describeValue(value)}; expected ${expected}`,
    'INVALID_DECISION',
  )
}

// The one describer of every toolpipe message, for the other files of this package.
export { describeValue }

/** Step 1's check of what was read: the call's identity must be usable. */
export function checkInput(
  callId: unknown,
  name: unknown,
  agent: unknown,
  parent: unknown,
  signal: unknown,
): ToolPipelineError | undefined {
  if (
    typeof callId === 'string' &&
    typeof name === 'string' &&
    (agent === undefined || (typeof agent === 'object' && agent !== null)) &&
    (parent === undefined || typeof parent === 'symbol') &&
    (signal === undefined || isAbortSignal(signal))
  ) {
    return undefined
  }
  const mistakes: string[] = []
  if (typeof callId !== 'string')
    mistakes.push(`callId must be a string, got ${describeValue(callId)}`)
  if (typeof name !== 'string') mistakes.push(`name must be a string, got ${describeValue(name)}`)
  if (agent !== undefined && (typeof agent !== 'object' || agent === null)) {
    mistakes.push(`agent must be an agent object, got ${describeValue(agent)}`)
  }
  if (parent !== undefined && typeof parent !== 'symbol') {
    mistakes.push(`parent must be an execution token, got ${describeValue(parent)}`)
  }
  if (signal !== undefined && !isAbortSignal(signal)) {
    mistakes.push(`signal must be an AbortSignal, got ${describeValue(signal)}`)
  }
  return new ToolPipelineError(
    `invalid tool execution input: ${mistakes.join('; ')}`,
    'INVALID_INPUT',
  )
}

/** `instanceof AbortSignal`, which throws for a revoked Proxy; this does not. */
export function isAbortSignal(value: unknown): value is AbortSignal {
  try {
    return value instanceof AbortSignal
  } catch {
    return false
  }
}
