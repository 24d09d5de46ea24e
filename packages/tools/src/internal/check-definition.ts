import { JsonSnapshotError, snapshotJson } from '@toolpipe/core'
import { describeValue as describe } from '@toolpipe/core/internal'
import type { ToolDefinition } from '../tool-definition.js'
import { ToolRegistryError } from '../tool-registry-error.js'

/** The longest delay `setTimeout` honours (2^31−1 ms, about 24.8 days); larger ones fire at once. */
export const maxTimeoutMs = 2_147_483_647

/** The common provider limit on tool names. */
const toolNamePattern = /^[a-zA-Z0-9_-]{1,64}$/

/** Throws unless `name` is a valid tool name. */
export function assertToolName(name: unknown): asserts name is string {
  if (typeof name !== 'string' || !toolNamePattern.test(name)) {
    throw new ToolRegistryError(
      `tool name ${describe(name)} must match ${String(toolNamePattern)} (letters, digits, _ and -, 1 to 64 characters)`,
      'INVALID_TOOL',
    )
  }
}

/**
 * Throws unless `timeoutMs` is absent or a positive number of milliseconds a timer can wait:
 * at most {@link maxTimeoutMs}. A larger delay would make a timer fire at once, a deadline that
 * aborts every call.
 */
export function assertTimeout(name: string, timeoutMs: unknown): void {
  if (timeoutMs === undefined) return
  if (typeof timeoutMs !== 'number' || !(timeoutMs > 0 && timeoutMs <= maxTimeoutMs)) {
    throw new ToolRegistryError(
      `tool "${name}": timeoutMs must be a positive, finite number of milliseconds no larger than ${maxTimeoutMs}, got ${describe(timeoutMs)}`,
      'INVALID_TOOL',
    )
  }
}

/**
 * Checks what the registry relies on in a hand-written definition; returns its name. The
 * definition itself is borrowed as is, never copied.
 */
export function assertToolDefinition(definition: unknown): string {
  if (typeof definition !== 'object' || definition === null) {
    throw new ToolRegistryError(
      `a tool definition must be an object, got ${describe(definition)}`,
      'INVALID_TOOL',
    )
  }
  const tool = definition as Partial<Record<keyof ToolDefinition, unknown>>
  const name = tool.name
  assertToolName(name)
  const invalid = (message: string, cause?: unknown): ToolRegistryError =>
    new ToolRegistryError(`tool "${name}": ${message}`, 'INVALID_TOOL', { cause })
  if (typeof tool.description !== 'string') throw invalid('description must be a string')
  if (typeof tool.execute !== 'function') throw invalid('execute must be a function')
  for (const method of ['checkArgs', 'normalizeArgs', 'presentCall', 'presentResult'] as const) {
    if (tool[method] !== undefined && typeof tool[method] !== 'function') {
      throw invalid(`${method} must be a function when present`)
    }
  }
  assertTimeout(name, tool.timeoutMs)
  let parameters: unknown
  try {
    parameters = snapshotJson(tool.parameters)
  } catch (error) {
    if (!(error instanceof JsonSnapshotError)) throw error
    throw invalid(`parameters must be JSON: ${error.message}`, error)
  }
  if (
    typeof parameters !== 'object' ||
    parameters === null ||
    Array.isArray(parameters) ||
    (parameters as { type?: unknown }).type !== 'object'
  ) {
    throw invalid('parameters must be a JSON Schema object with type "object"')
  }
  return name
}
