import { snapshotJson } from '@toolpipe/core'
import type { JsonObject } from '@toolpipe/core'
import { dialects as dialectNames, isDialect, jsonSchemaToProviderSchema } from '@toolpipe/schema'
import type { Dialect, DialectIssue, ProviderSchemaResult } from '@toolpipe/schema'
import type {
  DialectIssueReport,
  ProviderToolSearchTool,
  SchemasDialect,
  SchemasOptions,
} from '../schemas-options.js'
import type {
  NativeToolSchema,
  ToolDefinition,
  ToolParameters,
  ToolSchema,
} from '../tool-definition.js'
import { ToolRegistryError } from '../tool-registry-error.js'
import { describeValue } from './checks.js'
import { warnSafely } from '@toolpipe/core/internal'

/** What `schemas()` reads from its options. */
export interface SchemasRequest {
  readonly dialect: SchemasDialect
  readonly deferLoading: boolean
  readonly include: ((tool: ToolDefinition) => boolean) | undefined
  readonly onDialectIssue: ((report: DialectIssueReport) => void) | undefined
}

/**
 * One registry's tool parameters in the provider dialects (SPEC §9.3): converted once per
 * (definition, dialect), since `schemas()` runs every model turn, and handed out as fresh copies.
 * A tool a dialect cannot express degrades on its own (SPEC §22): sent non-strict where
 * `openai-strict` cannot take it and `openai` can, left out otherwise, and reported. The memo
 * belongs to the registry that made it, and a definition no longer referenced takes its entries
 * with it.
 */
/** At most this many (tool, dialect) warnings are remembered by one registry. */
const warnedLimit = 10_000

export class DialectSchemas {
  readonly dialects: readonly Dialect[]
  readonly #converted = new WeakMap<ToolDefinition, Map<Dialect, ProviderSchemaResult>>()
  /**
   * The (tool name, dialect) pairs already warned about: once each for the registry's lifetime,
   * whichever definition of that name (a remount, a tool in several scopes) is shown. At most
   * {@link warnedLimit} are kept.
   */
  readonly #warned = new Set<string>()
  readonly #logger: { warn(message: string, ...details: unknown[]): void }

  constructor(dialects: unknown, logger: { warn(message: string, ...details: unknown[]): void }) {
    this.dialects = readDialects(dialects)
    this.#logger = logger
  }

  /**
   * Refuses a definition that one or more of the registry's dialects cannot express, listing
   * every fatal issue with its path, under the dialect it is an issue of; converts and remembers
   * it for each dialect otherwise. `parameters` is the JSON copy of the definition's parameters
   * that registration checked: read once, whatever its getters would give another time.
   *
   * @throws ToolRegistryError (`UNSUPPORTED_SCHEMA`)
   */
  assertExpressible(name: string, definition: ToolDefinition, parameters: JsonObject): void {
    const failures: string[] = []
    for (const dialect of this.dialects) {
      const fatal = fatalIssues(this.#convert(definition, dialect, parameters))
      if (fatal.length > 0) failures.push(`in the ${dialect} dialect: ${listed(fatal)}`)
    }
    if (failures.length > 0) {
      throw new ToolRegistryError(
        `tool "${name}" cannot be expressed ${failures.join('; nor ')}`,
        'UNSUPPORTED_SCHEMA',
      )
    }
  }

  /**
   * The model-facing projections of `definitions` in the requested dialect, by an explicit
   * allowlist of fields, in order; a tool the dialect cannot express degrades (see the class),
   * and is reported to `onDialectIssue`, or else warned about once. With `deferLoading`, the
   * provider's native deferred form (SPEC §24): deferred tools marked, its tool search tool last.
   */
  schemasOf(
    definitions: readonly ToolDefinition[],
    request: SchemasRequest,
  ): (NativeToolSchema | ProviderToolSearchTool)[] {
    const schemas: (NativeToolSchema | ProviderToolSearchTool)[] = []
    const { include } = request
    for (const definition of definitions) {
      if (include !== undefined && !include(definition)) continue
      const schema: NativeToolSchema | undefined = this.#schemaOf(definition, request)
      if (schema === undefined) continue
      if (request.deferLoading && definition.deferLoading === true) schema.defer_loading = true
      schemas.push(schema)
    }
    if (request.deferLoading) schemas.push(providerToolSearchTool(request.dialect))
    return schemas
  }

  /** One tool's projection in the requested dialect, degraded or `undefined` (left out). */
  #schemaOf(definition: ToolDefinition, request: SchemasRequest): ToolSchema | undefined {
    const { dialect } = request
    if (dialect === 'json-schema') {
      return projection(definition, snapshotJson(definition.parameters) as ToolParameters)
    }
    // The Responses API takes what Chat Completions' strict mode takes, and `strict: false`.
    const strictLike = dialect === 'openai-strict' || dialect === 'openai-responses'
    const converted = this.#convert(definition, strictLike ? 'openai-strict' : dialect)
    const fatal = fatalIssues(converted)
    if (fatal.length === 0) {
      const schema = projection(definition, snapshotJson(converted.schema) as ToolParameters)
      // The function's `strict` flag of OpenAI function calling.
      if (strictLike) schema.strict = true
      return schema
    }
    if (!strictLike) {
      this.#report(definition, request, 'omitted', fatal)
      return undefined
    }
    const plain = this.#convert(definition, 'openai')
    const plainFatal = fatalIssues(plain)
    if (plainFatal.length > 0) {
      this.#report(definition, request, 'omitted', [...fatal, ...plainFatal])
      return undefined
    }
    const schema = projection(definition, snapshotJson(plain.schema) as ToolParameters)
    if (dialect === 'openai-responses') schema.strict = false
    this.#report(definition, request, 'non-strict', fatal)
    return schema
  }

  #report(
    definition: ToolDefinition,
    request: SchemasRequest,
    action: DialectIssueReport['action'],
    issues: readonly DialectIssue[],
  ): void {
    const { dialect, onDialectIssue } = request
    const tool = definition.name
    if (onDialectIssue !== undefined) {
      const report: DialectIssueReport = Object.freeze({
        tool,
        dialect,
        action,
        issues: Object.freeze(issues.map((issue) => Object.freeze({ ...issue }))),
      })
      try {
        onDialectIssue(report)
      } catch (error) {
        warnSafely(this.#logger, 'toolpipe: an onDialectIssue callback failed', error)
      }
      return
    }
    const key = `${dialect}\u0000${tool}`
    if (this.#warned.has(key)) return
    // A registry of ever new names keeps no ever-growing set: past the limit it starts over.
    if (this.#warned.size >= warnedLimit) this.#warned.clear()
    this.#warned.add(key)
    const done =
      action === 'non-strict'
        ? 'sent without strict mode (the openai dialect)'
        : 'left out of the tools the model is shown'
    warnSafely(
      this.#logger,
      `toolpipe: tool "${tool}" cannot be expressed in the ${dialect} dialect, ${done}: ${listed(issues)}`,
    )
  }

  /** `definition`'s parameters (or the copy of them given) in `dialect`, converted once. */
  #convert(
    definition: ToolDefinition,
    dialect: Dialect,
    parameters?: JsonObject,
  ): ProviderSchemaResult {
    let byDialect = this.#converted.get(definition)
    const cached = byDialect?.get(dialect)
    if (cached !== undefined) return cached
    const result = jsonSchemaToProviderSchema(parameters ?? definition.parameters, dialect)
    if (byDialect === undefined) {
      byDialect = new Map()
      this.#converted.set(definition, byDialect)
    }
    byDialect.set(dialect, result)
    return result
  }
}

function projection(definition: ToolDefinition, parameters: ToolParameters): ToolSchema {
  return { name: definition.name, description: definition.description, parameters }
}

function fatalIssues(result: ProviderSchemaResult): DialectIssue[] {
  return result.issues.filter((issue) => issue.fatal)
}

function listed(issues: readonly DialectIssue[]): string {
  return issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')
}

/** The registry's `dialects` option: an array of known dialect names, copied. */
function readDialects(value: unknown): readonly Dialect[] {
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

/** The provider's own tool search tool, for a dialect of {@link deferringDialects}. */
function providerToolSearchTool(dialect: SchemasDialect): ProviderToolSearchTool {
  return dialect === 'anthropic'
    ? { type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' }
    : { type: 'tool_search' }
}

/** The dialect names, and `openai-responses` too for what `schemas()` takes. */
function dialectList(withResponses = false): string {
  const names = withResponses ? [...dialectNames, 'openai-responses'] : dialectNames
  return names.map((name) => JSON.stringify(name)).join(', ')
}
