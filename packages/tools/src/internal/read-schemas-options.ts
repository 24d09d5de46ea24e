import { describeValue } from '@toolpipe/core/internal'
import { dialects as dialectNames, isDialect } from '@toolpipe/schema'
import type { Dialect } from '@toolpipe/schema'
import type { DialectIssueReport, SchemasDialect, SchemasOptions } from '../schemas-options.js'
import type { ToolDefinition } from '../tool-definition.js'
import { ToolRegistryError } from '../tool-registry-error.js'

/** What `schemas()` reads from its options. */
export interface SchemasRequest {
  readonly dialect: SchemasDialect
  readonly deferLoading: boolean
  readonly include: ((tool: ToolDefinition) => boolean) | undefined
  readonly onDialectIssue: ((report: DialectIssueReport) => void) | undefined
}

/** The registry's `dialects` option: an array of known dialect names, copied. */
export function readDialects(value: unknown): readonly Dialect[] {
  if (value === undefined) return []
  if (!Array.isArray(value) || !value.every(isDialect)) {
    throw new ToolRegistryError(
      `dialects must be an array of ${dialectList()}, got ${describeValue(value)}`,
      'INVALID_DIALECT',
    )
  }
  return Object.freeze([...new Set(value)])
}

/** The dialects with a native deferred form: a tool search tool of the provider's own. */
const deferringDialects: readonly SchemasDialect[] = ['anthropic', 'openai-responses']

/**
 * The options of a `schemas()` call: a known dialect (`json-schema` by default), `deferLoading`
 * for a dialect with a native tool search, and an `onDialectIssue` function, if any.
 *
 * @throws ToolRegistryError (`INVALID_DIALECT`) for an unknown dialect, or `deferLoading` with a
 * dialect that has no tool search; (`INVALID_LISTENER`) for an `onDialectIssue` that is not a
 * function
 */
export function readSchemasOptions(options: unknown): SchemasRequest {
  // Stryker disable next-line ConditionalExpression: a fast path; undefined options are read below as no dialect, json-schema too
  if (options === undefined) {
    return {
      dialect: 'json-schema',
      deferLoading: false,
      include: undefined,
      onDialectIssue: undefined,
    }
  }
  const record =
    typeof options === 'object' && options !== null
      ? (options as Partial<Record<keyof SchemasOptions, unknown>>)
      : { dialect: options }
  const { dialect = 'json-schema', deferLoading = false, include, onDialectIssue } = record
  if (!isSchemasDialect(dialect)) {
    throw new ToolRegistryError(
      `unknown dialect ${describeValue(dialect)}; the dialects are ${dialectList(true)}`,
      'INVALID_DIALECT',
    )
  }
  if (typeof deferLoading !== 'boolean') {
    throw new ToolRegistryError(
      `deferLoading must be a boolean, got ${describeValue(deferLoading)}`,
      'INVALID_DIALECT',
    )
  }
  if (deferLoading && !deferringDialects.includes(dialect)) {
    throw new ToolRegistryError(
      `deferLoading needs a dialect with a tool search of its own ("anthropic" or "openai-responses"), got "${dialect}"; a tool-search session shows deferred tools in any dialect`,
      'INVALID_DIALECT',
    )
  }
  for (const [name, value] of [
    ['include', include],
    ['onDialectIssue', onDialectIssue],
  ] as const) {
    if (value !== undefined && typeof value !== 'function') {
      throw new ToolRegistryError(
        `${name} must be a function, got ${describeValue(value)}`,
        'INVALID_LISTENER',
      )
    }
  }
  return {
    dialect,
    deferLoading,
    include: include as ((tool: ToolDefinition) => boolean) | undefined,
    onDialectIssue: onDialectIssue as ((report: DialectIssueReport) => void) | undefined,
  }
}

function isSchemasDialect(value: unknown): value is SchemasDialect {
  return value === 'openai-responses' || isDialect(value)
}

/** The dialect names, and `openai-responses` too for what `schemas()` takes. */
function dialectList(withResponses = false): string {
  const names = withResponses ? [...dialectNames, 'openai-responses'] : dialectNames
  return names.map((name) => JSON.stringify(name)).join(', ')
}
