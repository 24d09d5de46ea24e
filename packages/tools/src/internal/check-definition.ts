import { JsonSnapshotError, snapshotJson } from '@toolpipe/core'
import { describeValue as describe } from '@toolpipe/core/internal'
import { assertSupportedOutputSchema, OutputSchemaError } from '@toolpipe/structured-output'
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
  assertOutputSchema(name, tool.outputSchema)
  assertAnnotations(name, tool.annotations)
  assertConcurrencySafe(name, tool.concurrencySafe)
  assertToolRules(name, tool.permissions)
  assertMaxOutputTokens(name, tool.maxOutputTokens)
  assertSearchFields(name, tool.deferLoading, tool.searchText)
  let parameters: unknown
  try {
    parameters = snapshotJson(tool.parameters)
  } catch (error) {
    if (!(error instanceof JsonSnapshotError)) throw error
    throw invalid(`parameters must be JSON: ${error.message}`, error)
  }
  if (
    // Stryker disable next-line ConditionalExpression: a primitive has no type "object" either, and the type test below refuses it ("→ false" for the whole test accepts anything and fails the tests)
    typeof parameters !== 'object' ||
    parameters === null ||
    Array.isArray(parameters) ||
    (parameters as { type?: unknown }).type !== 'object'
  ) {
    throw invalid('parameters must be a JSON Schema object with type "object"')
  }
  return name
}

/**
 * Throws unless `outputSchema` is absent or inside the structured-output subset (SPEC §12.1),
 * which also compiles it once for the calls to come.
 */
export function assertOutputSchema(name: string, outputSchema: unknown): void {
  if (outputSchema === undefined) return
  try {
    assertSupportedOutputSchema(outputSchema)
  } catch (error) {
    // Stryker disable next-line ConditionalExpression: assertSupportedOutputSchema reports every problem, a throwing getter included, as an OutputSchemaError
    if (!(error instanceof OutputSchemaError)) throw error
    throw new ToolRegistryError(`tool "${name}": outputSchema: ${error.message}`, 'INVALID_TOOL', {
      cause: error,
    })
  }
}

const annotationFlags = ['readOnly', 'destructive', 'idempotent', 'openWorld'] as const

/** Throws unless `annotations` is absent or a plain object of the documented hints. */
export function assertAnnotations(name: string, annotations: unknown): void {
  if (annotations === undefined) return
  const invalid = (message: string): ToolRegistryError =>
    new ToolRegistryError(`tool "${name}": annotations${message}`, 'INVALID_TOOL')
  if (typeof annotations !== 'object' || annotations === null || Array.isArray(annotations)) {
    throw invalid(` must be an object, got ${describe(annotations)}`)
  }
  const hints = annotations as Record<string, unknown>
  if (hints.title !== undefined && typeof hints.title !== 'string') {
    throw invalid(`.title must be a string when present, got ${describe(hints.title)}`)
  }
  for (const flag of annotationFlags) {
    const value = hints[flag]
    if (value !== undefined && typeof value !== 'boolean') {
      throw invalid(`.${flag} must be a boolean when present, got ${describe(value)}`)
    }
  }
}

/** Throws unless `concurrencySafe` is absent or a boolean. */
export function assertConcurrencySafe(name: string, concurrencySafe: unknown): void {
  if (concurrencySafe === undefined || typeof concurrencySafe === 'boolean') return
  throw new ToolRegistryError(
    `tool "${name}": concurrencySafe must be a boolean when present, got ${describe(concurrencySafe)}`,
    'INVALID_TOOL',
  )
}

/** The most characters of a tool's `searchText`. */
const searchTextLimit = 4096

/**
 * Throws unless `deferLoading` is absent or a boolean, and `searchText` absent or a string of at
 * most 4,096 characters (SPEC §24).
 */
export function assertSearchFields(name: string, deferLoading: unknown, searchText: unknown): void {
  if (deferLoading !== undefined && typeof deferLoading !== 'boolean') {
    throw new ToolRegistryError(
      `tool "${name}": deferLoading must be a boolean when present, got ${describe(deferLoading)}`,
      'INVALID_TOOL',
    )
  }
  if (searchText === undefined) return
  if (typeof searchText !== 'string' || searchText.length > searchTextLimit) {
    throw new ToolRegistryError(
      `tool "${name}": searchText must be a string of at most ${searchTextLimit} characters when present, got ${describe(searchText)}`,
      'INVALID_TOOL',
    )
  }
}

/** What a rule name may hold: no white space and no parentheses, which rule syntax uses. */
const ruleNamePattern = /^[^\s()]{1,256}$/u

/**
 * Throws unless `permissions` is absent or `{ ruleName?, subjects? }` (SPEC §18.1): a rule name
 * without white space or parentheses, and a `subjects` function.
 */
export function assertToolRules(name: string, permissions: unknown): void {
  if (permissions === undefined) return
  const invalid = (message: string): ToolRegistryError =>
    new ToolRegistryError(`tool "${name}": permissions${message}`, 'INVALID_TOOL')
  if (typeof permissions !== 'object' || permissions === null || Array.isArray(permissions)) {
    throw invalid(` must be an object, got ${describe(permissions)}`)
  }
  const { ruleName, subjects } = permissions as Record<string, unknown>
  if (ruleName !== undefined && (typeof ruleName !== 'string' || !ruleNamePattern.test(ruleName))) {
    throw invalid(
      `.ruleName must be 1 to 256 characters without white space or parentheses, got ${describe(ruleName)}`,
    )
  }
  if (subjects !== undefined && typeof subjects !== 'function') {
    throw invalid(`.subjects must be a function when present, got ${describe(subjects)}`)
  }
}

/** Throws unless `maxOutputTokens` is absent or a positive safe integer (SPEC §20). */
export function assertMaxOutputTokens(name: string, maxOutputTokens: unknown): void {
  if (maxOutputTokens === undefined) return
  if (
    typeof maxOutputTokens !== 'number' ||
    !Number.isSafeInteger(maxOutputTokens) ||
    maxOutputTokens <= 0
  ) {
    throw new ToolRegistryError(
      `tool "${name}": maxOutputTokens must be a positive integer, got ${describe(maxOutputTokens)}`,
      'INVALID_TOOL',
    )
  }
}
