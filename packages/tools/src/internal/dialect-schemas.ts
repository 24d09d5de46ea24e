import { snapshotJson } from '@toolpipe/core'
import { dialects as dialectNames, isDialect, jsonSchemaToProviderSchema } from '@toolpipe/schema'
import type { Dialect, ProviderSchemaResult } from '@toolpipe/schema'
import type { ToolDefinition, ToolParameters, ToolSchema } from '../tool-definition.js'
import { ToolRegistryError } from '../tool-registry-error.js'
import { describeValue } from './checks.js'

/**
 * One registry's tool parameters in the provider dialects (SPEC §9.3): converted once per
 * (definition, dialect), since `schemas()` runs every model turn, and handed out as fresh copies.
 * The memo belongs to the registry that made it, and a definition no longer referenced takes its
 * entries with it.
 */
export class DialectSchemas {
  readonly dialects: readonly Dialect[]
  readonly #converted = new WeakMap<ToolDefinition, Map<Dialect, ProviderSchemaResult>>()

  constructor(dialects: unknown) {
    this.dialects = readDialects(dialects)
  }

  /**
   * Refuses a definition one of the registry's dialects cannot express, listing every fatal
   * issue with its path; converts and remembers it for each dialect otherwise.
   *
   * @throws ToolRegistryError (`UNSUPPORTED_SCHEMA`)
   */
  assertExpressible(name: string, definition: ToolDefinition): void {
    for (const dialect of this.dialects) this.#convert(name, definition, dialect)
  }

  /** The model-facing projection in `dialect`, by an explicit allowlist of fields. */
  schemaOf(definition: ToolDefinition, dialect: Dialect): ToolSchema {
    const schema: ToolSchema = {
      name: definition.name,
      description: definition.description,
      parameters:
        dialect === 'json-schema'
          ? (snapshotJson(definition.parameters) as ToolParameters)
          : (snapshotJson(
              this.#convert(definition.name, definition, dialect).schema,
            ) as ToolParameters),
    }
    // The function's `strict` flag of OpenAI function calling.
    if (dialect === 'openai-strict') schema.strict = true
    return schema
  }

  #convert(name: string, definition: ToolDefinition, dialect: Dialect): ProviderSchemaResult {
    let byDialect = this.#converted.get(definition)
    const cached = byDialect?.get(dialect)
    if (cached !== undefined) return cached
    const result = jsonSchemaToProviderSchema(definition.parameters, dialect)
    const fatal = result.issues.filter((issue) => issue.fatal)
    if (fatal.length > 0) {
      throw new ToolRegistryError(
        `tool "${name}" cannot be expressed in the ${dialect} dialect: ${fatal.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`,
        'UNSUPPORTED_SCHEMA',
      )
    }
    if (byDialect === undefined) {
      byDialect = new Map()
      this.#converted.set(definition, byDialect)
    }
    byDialect.set(dialect, result)
    return result
  }
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

/** The `dialect` of a `schemas()` call: a known name, `json-schema` by default. */
export function readDialect(options: unknown): Dialect {
  // Stryker disable next-line ConditionalExpression: a fast path; undefined options are read below as no dialect, json-schema too
  if (options === undefined) return 'json-schema'
  const dialect: unknown =
    typeof options === 'object' && options !== null
      ? (options as { dialect?: unknown }).dialect
      : options
  if (dialect === undefined) return 'json-schema'
  if (isDialect(dialect)) return dialect
  throw new ToolRegistryError(
    `unknown dialect ${describeValue(dialect)}; the dialects are ${dialectList()}`,
    'INVALID_DIALECT',
  )
}

function dialectList(): string {
  return dialectNames.map((name) => JSON.stringify(name)).join(', ')
}
