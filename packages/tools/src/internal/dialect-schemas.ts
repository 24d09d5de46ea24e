import { snapshotJson } from '@toolpipe/core'
import type { JsonObject } from '@toolpipe/core'
import { warnSafely } from '@toolpipe/core/internal'
import { jsonSchemaToProviderSchema } from '@toolpipe/schema'
import type { Dialect, DialectIssue, ProviderSchemaResult } from '@toolpipe/schema'
import type {
  DialectIssueReport,
  ProviderToolSearchTool,
  SchemasDialect,
} from '../schemas-options.js'
import type {
  NativeToolSchema,
  ToolDefinition,
  ToolParameters,
  ToolSchema,
} from '../tool-definition.js'
import { ToolRegistryError } from '../tool-registry-error.js'
import { registeredJson, registeredMember, registeredName } from './read-registered.js'
import { readDialects } from './read-schemas-options.js'
import type { SchemasRequest } from './read-schemas-options.js'

/** At most this many (tool, dialect) warnings are remembered by one registry. */
const warnedLimit = 10_000

/**
 * One registry's tool parameters in the provider dialects (SPEC §9.3): converted once per
 * (definition, dialect), since `schemas()` runs every model turn, and handed out as fresh copies.
 * A tool a dialect cannot express degrades on its own (SPEC §22): sent non-strict where
 * `openai-strict` cannot take it and `openai` can, left out otherwise, and reported. The memo
 * belongs to the registry that made it, and a definition no longer referenced takes its entries
 * with it. Definitions are borrowed: a member a getter or Proxy trap keeps from being read at a
 * `schemas()` call is `INVALID_TOOL` naming the tool and the member (SPEC §11), in every dialect.
 */
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
      const fatal = fatalIssues(this.#convert(definition, name, dialect, parameters))
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
      const name = registeredName(definition)
      const schema: NativeToolSchema | undefined = this.#schemaOf(definition, name, request)
      if (schema === undefined) continue
      if (request.deferLoading && registeredMember(definition, name, 'deferLoading') === true) {
        schema.defer_loading = true
      }
      schemas.push(schema)
    }
    if (request.deferLoading) schemas.push(providerToolSearchTool(request.dialect))
    return schemas
  }

  /** One tool's projection in the requested dialect, degraded or `undefined` (left out). */
  #schemaOf(
    definition: ToolDefinition,
    name: string,
    request: SchemasRequest,
  ): ToolSchema | undefined {
    const { dialect } = request
    if (dialect === 'json-schema') {
      const parameters = registeredJson(name, 'parameters', parametersOf(definition, name))
      return projection(definition, name, parameters as ToolParameters)
    }
    // The Responses API takes what Chat Completions' strict mode takes, and `strict: false`.
    const strictLike = dialect === 'openai-strict' || dialect === 'openai-responses'
    const converted = this.#convert(definition, name, strictLike ? 'openai-strict' : dialect)
    const fatal = fatalIssues(converted)
    if (fatal.length === 0) {
      const schema = projection(definition, name, snapshotJson(converted.schema) as ToolParameters)
      // The function's `strict` flag of OpenAI function calling.
      if (strictLike) schema.strict = true
      return schema
    }
    if (!strictLike) {
      this.#report(name, request, 'omitted', fatal)
      return undefined
    }
    const plain = this.#convert(definition, name, 'openai')
    const plainFatal = fatalIssues(plain)
    if (plainFatal.length > 0) {
      this.#report(name, request, 'omitted', [...fatal, ...plainFatal])
      return undefined
    }
    const schema = projection(definition, name, snapshotJson(plain.schema) as ToolParameters)
    if (dialect === 'openai-responses') schema.strict = false
    this.#report(name, request, 'non-strict', fatal)
    return schema
  }

  #report(
    tool: string,
    request: SchemasRequest,
    action: DialectIssueReport['action'],
    issues: readonly DialectIssue[],
  ): void {
    const { dialect, onDialectIssue } = request
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

  /**
   * `definition`'s parameters (or the copy of them given) in `dialect`, converted once. They are
   * read and copied first, so that what cannot be read is the registry's error, as in every
   * dialect, not the converter's.
   */
  #convert(
    definition: ToolDefinition,
    name: string,
    dialect: Dialect,
    parameters?: JsonObject,
  ): ProviderSchemaResult {
    let byDialect = this.#converted.get(definition)
    const cached = byDialect?.get(dialect)
    if (cached !== undefined) return cached
    const result = jsonSchemaToProviderSchema(
      parameters ?? registeredJson(name, 'parameters', parametersOf(definition, name)),
      dialect,
    )
    if (byDialect === undefined) {
      byDialect = new Map()
      this.#converted.set(definition, byDialect)
    }
    byDialect.set(dialect, result)
    return result
  }
}

/** The model-facing fields of the registered tool `name`, each read once. */
function projection(
  definition: ToolDefinition,
  name: string,
  parameters: ToolParameters,
): ToolSchema {
  return { name, description: registeredMember(definition, name, 'description'), parameters }
}

function parametersOf(definition: ToolDefinition, name: string): unknown {
  return registeredMember(definition, name, 'parameters')
}

function fatalIssues(result: ProviderSchemaResult): DialectIssue[] {
  return result.issues.filter((issue) => issue.fatal)
}

function listed(issues: readonly DialectIssue[]): string {
  return issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')
}

/** The provider's own tool search tool, for a dialect that defers loading natively. */
function providerToolSearchTool(dialect: SchemasDialect): ProviderToolSearchTool {
  return dialect === 'anthropic'
    ? { type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' }
    : { type: 'tool_search' }
}
