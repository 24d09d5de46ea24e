import type { JsonObject } from '@toolpipe/core'
import { describeValue as describe } from '@toolpipe/core/internal'
import { assertSupportedOutputSchema, OutputSchemaError } from '@toolpipe/structured-output'
import type { ToolDefinition } from '../tool-definition.js'
import { ToolRegistryError } from '../tool-registry-error.js'
import {
  isArrayMember,
  readToolMembers,
  readToolName,
  snapshotMember,
  unreadable,
} from './read-tool-members.js'

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

/** The members of a definition the registry checks, besides its name. */
const definitionKeys = [
  'description',
  'execute',
  'checkArgs',
  'normalizeArgs',
  'presentCall',
  'presentResult',
  'timeoutMs',
  'outputSchema',
  'annotations',
  'concurrencySafe',
  'permissions',
  'maxOutputTokens',
  'deferLoading',
  'searchText',
  'parameters',
] as const satisfies readonly (keyof ToolDefinition)[]

/** A definition that passed {@link assertToolDefinition}: its name and a JSON copy of its parameters. */
export interface CheckedDefinition {
  readonly name: string
  readonly parameters: JsonObject
}

/**
 * Checks what the registry relies on in a hand-written definition, each member read once; returns
 * its name and the JSON copy of its parameters that was checked. The definition itself is
 * borrowed as is, never copied. A getter or Proxy trap that throws (a revoked Proxy's included) is
 * `INVALID_TOOL` naming the member it kept from being read, never the raw error (SPEC §11).
 */
export function assertToolDefinition(definition: unknown): CheckedDefinition {
  const name = readToolName(definition, 'a tool definition')
  assertToolName(name)
  const tool = readToolMembers(definition as object, definitionKeys, `tool "${name}": `)
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
  return { name, parameters: snapshotParameters(name, tool.parameters) }
}

/**
 * A JSON copy of a definition's `parameters`, which must be a JSON Schema object with type
 * `object`. What is not JSON is refused with the snapshot's error as `cause`; what a getter or
 * Proxy trap keeps from being read, with what it threw.
 */
function snapshotParameters(name: string, given: unknown): JsonObject {
  const parameters = snapshotMember(`tool "${name}": parameters`, given)
  if (
    // Stryker disable next-line ConditionalExpression: a primitive has no type "object" either, and the type test below refuses it ("→ false" for the whole test accepts anything and fails the tests)
    typeof parameters !== 'object' ||
    parameters === null ||
    Array.isArray(parameters) ||
    parameters.type !== 'object'
  ) {
    throw new ToolRegistryError(
      `tool "${name}": parameters must be a JSON Schema object with type "object"`,
      'INVALID_TOOL',
    )
  }
  return parameters
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
    if (!(error instanceof OutputSchemaError)) {
      throw unreadable(`tool "${name}": outputSchema`, error)
    }
    throw new ToolRegistryError(`tool "${name}": outputSchema: ${error.message}`, 'INVALID_TOOL', {
      cause: error,
    })
  }
}

const annotationFlags = ['readOnly', 'destructive', 'idempotent', 'openWorld'] as const

/** Throws unless `annotations` is absent or a plain object of the documented hints. */
export function assertAnnotations(name: string, annotations: unknown): void {
  if (annotations === undefined) return
  const label = `tool "${name}": annotations`
  const invalid = (message: string): ToolRegistryError =>
    new ToolRegistryError(`${label}${message}`, 'INVALID_TOOL')
  if (
    typeof annotations !== 'object' ||
    annotations === null ||
    isArrayMember(annotations, label)
  ) {
    throw invalid(` must be an object, got ${describe(annotations)}`)
  }
  const hints = readToolMembers(annotations, ['title', ...annotationFlags], `${label}.`)
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
  const label = `tool "${name}": permissions`
  const invalid = (message: string): ToolRegistryError =>
    new ToolRegistryError(`${label}${message}`, 'INVALID_TOOL')
  if (
    typeof permissions !== 'object' ||
    permissions === null ||
    isArrayMember(permissions, label)
  ) {
    throw invalid(` must be an object, got ${describe(permissions)}`)
  }
  const { ruleName, subjects } = readToolMembers(permissions, ['ruleName', 'subjects'], `${label}.`)
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
