import { describeValue } from '@toolpipe/core/internal'
import type { ContentBlock, HookContext } from '@toolpipe/core'
import type { PostToolDecision, PreToolDecision } from '../tool-decisions.js'
import type { ToolExecuteReturn } from '../tool-definition.js'
import type { ToolExecutionResult } from '../tool-execution.js'
import { ToolPipelineError } from '../tool-pipeline-error.js'

/*
 * Plugin code (listeners, wrappers, tools) is trusted to run but not to be right: every value it
 * hands the pipeline is checked here, and a malformed one fails the call with a message that
 * names the culprit instead of failing somewhere later.
 */

/** Checks what a `tools/pre-execute` listener returned. */
export function checkPreDecision(value: unknown): PreToolDecision {
  const decision = value as Partial<Record<'kind' | 'reason', unknown>> | null | undefined
  switch (decision?.kind) {
    case 'allow':
      return decision as PreToolDecision
    case 'deny':
      if (typeof decision.reason === 'string') return decision as PreToolDecision
      break
    case 'ask':
      if (decision.reason === undefined || typeof decision.reason === 'string') {
        return decision as PreToolDecision
      }
      break
  }
  throw invalidDecision('tools/pre-execute', value, "{ kind: 'allow' | 'deny' | 'ask' }")
}

/** Checks what a `tools/post-execute` listener returned. */
export function checkPostDecision(value: unknown): PostToolDecision {
  const decision = value as Partial<Record<string, unknown>> | null | undefined
  const context = decision?.additionalContext
  if (context === undefined || isHookContext(context)) {
    if (
      decision?.kind === 'accept' &&
      (decision.content === undefined || isContent(decision.content))
    ) {
      return decision as PostToolDecision
    }
    if (decision?.kind === 'block' && isContent(decision.feedback)) {
      return decision as PostToolDecision
    }
  }
  throw invalidDecision(
    'tools/post-execute',
    value,
    "{ kind: 'accept', content?, additionalContext? } or { kind: 'block', feedback, additionalContext? }",
  )
}

/** Checks what a `tools/execute` wrapper returned. */
export function checkExecutionResult(value: unknown): ToolExecutionResult {
  const result = value as Partial<Record<string, unknown>> | null | undefined
  const error = result?.error as Partial<Record<string, unknown>> | null | undefined
  if (
    result !== null &&
    typeof result === 'object' &&
    isContent(result.content) &&
    typeof result.isError === 'boolean' &&
    (error === undefined || (typeof error?.name === 'string' && typeof error.code === 'string')) &&
    (result.additionalContext === undefined || isHookContext(result.additionalContext))
  ) {
    return result as unknown as ToolExecutionResult
  }
  throw invalidDecision(
    'tools/execute',
    value,
    '{ content: ContentBlock[], isError: boolean, error?, additionalContext?, meta? }',
  )
}

/** Turns what a tool's `execute` resolved to into a success result. */
export function normalizeToolReturn(toolName: string, value: unknown): ToolExecutionResult {
  if (isContent(value)) return { content: value, isError: false }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const { content, meta } = value as Partial<Extract<ToolExecuteReturn, { content: unknown }>>
    if (isContent(content)) {
      return meta === undefined ? { content, isError: false } : { content, isError: false, meta }
    }
  }
  throw new ToolPipelineError(
    `tool "${toolName}" returned ${describeValue(value)}; a tool returns content blocks or { content, meta }`,
    'INVALID_TOOL_RESULT',
  )
}

function isContent(value: unknown): value is ContentBlock[] {
  if (!Array.isArray(value)) return false
  for (const block of value) {
    if (
      typeof block !== 'object' ||
      block === null ||
      typeof (block as { type?: unknown }).type !== 'string'
    ) {
      return false
    }
  }
  return true
}

function isHookContext(value: unknown): value is HookContext {
  if (typeof value !== 'object' || value === null) return false
  const { content, source } = value as Partial<Record<'content' | 'source', unknown>>
  if (!isContent(content) || typeof source !== 'object' || source === null) return false
  const { kind, plugin } = source as Partial<Record<'kind' | 'plugin', unknown>>
  return kind === 'user' || (kind === 'plugin' && typeof plugin === 'string')
}

function invalidDecision(event: string, value: unknown, expected: string): ToolPipelineError {
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
function isAbortSignal(value: unknown): value is AbortSignal {
  try {
    return value instanceof AbortSignal
  } catch {
    return false
  }
}
