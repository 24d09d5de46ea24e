import { describeValue, isPlainObject } from '@toolpipe/core/internal'
import type { ToolRegistry, ToolRegistryLogger } from '@toolpipe/tools'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv'
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js'
import { McpBridgeError } from '../mcp-bridge-error.js'

/** The longest delay a timer honours: 2^31−1 ms. */
export const maxTimeoutMs = 2_147_483_647
/** The longest prefix taken: its mapped form is a tool-name fragment (SPEC §13). */
const maxPrefixLength = 256

/** `mountMcpTools`' options, checked once. */
export interface MountSettings {
  readonly prefix: string | undefined
  readonly include: ((tool: Tool) => boolean) | undefined
  readonly logger: ToolRegistryLogger
  readonly requestTimeoutMs: number | undefined
  readonly keepOnClose: boolean
  /** Whether every mounted tool loads on demand (SPEC §24). */
  readonly deferLoading: boolean
  /** The `timeoutMs` of the tool the server calls `original`, if any. */
  readonly timeoutOf: (original: string) => number | undefined
  /** A validator provider: the one given, or a fresh one of the SDK's default each time. */
  readonly validators: () => jsonSchemaValidator
}

/**
 * Reads and checks `mountMcpTools`' arguments (untrusted: plain JavaScript callers exist).
 *
 * @throws {McpBridgeError} `INVALID_OPTIONS` naming the first one it cannot use
 */
export function readMountOptions(
  target: unknown,
  client: unknown,
  options: unknown,
): MountSettings {
  const invalid = (message: string): McpBridgeError =>
    new McpBridgeError(`mountMcpTools: ${message}`)
  if (!hasMethods(target, ['register', 'batch'])) {
    throw invalid(`target must be a tool registry or a scope handle, got ${describeValue(target)}`)
  }
  if (!hasMethods(client, ['request', 'callTool', 'setNotificationHandler'])) {
    throw invalid(`client must be an MCP SDK Client, got ${describeValue(client)}`)
  }
  if (typeof options !== 'object' || options === null) {
    throw invalid(`options must be an object, got ${describeValue(options)}`)
  }
  // Each member read once, in this order, before any is checked.
  const {
    prefix,
    include,
    logger,
    requestTimeoutMs,
    timeoutMs,
    toolTimeoutMs,
    keepOnClose,
    jsonSchemaValidator,
    deferLoading,
  } = options as Record<string, unknown>
  checkCallbacksAndTimeouts({ prefix, include, logger, requestTimeoutMs, timeoutMs }, invalid)
  const perTool = readToolTimeouts(toolTimeoutMs, invalid)
  if (keepOnClose !== undefined && typeof keepOnClose !== 'boolean') {
    throw invalid(`keepOnClose must be a boolean, got ${describeValue(keepOnClose)}`)
  }
  if (deferLoading !== undefined && typeof deferLoading !== 'boolean') {
    throw invalid(`deferLoading must be a boolean, got ${describeValue(deferLoading)}`)
  }
  if (jsonSchemaValidator !== undefined && !hasMethods(jsonSchemaValidator, ['getValidator'])) {
    throw invalid(
      `jsonSchemaValidator must have a getValidator method, got ${describeValue(jsonSchemaValidator)}`,
    )
  }
  const allTools = timeoutMs as number | undefined
  return {
    prefix: prefix as string | undefined,
    include: include as ((tool: Tool) => boolean) | undefined,
    logger: (logger ?? (target as Partial<ToolRegistry>).logger ?? console) as ToolRegistryLogger,
    requestTimeoutMs: requestTimeoutMs as number | undefined,
    keepOnClose: keepOnClose === true,
    deferLoading: deferLoading === true,
    // Own members only: a server tool named "constructor" or "__proto__" has no inherited budget.
    timeoutOf: (original) => (perTool.has(original) ? perTool.get(original) : allTools),
    validators:
      jsonSchemaValidator === undefined
        ? () => new AjvJsonSchemaValidator()
        : () => jsonSchemaValidator as jsonSchemaValidator,
  }
}

/** Checks `prefix`, `include`, `logger`, `requestTimeoutMs` and `timeoutMs`, in that order. */
function checkCallbacksAndTimeouts(
  given: Readonly<Record<string, unknown>>,
  invalid: (message: string) => McpBridgeError,
): void {
  const { prefix, include, logger } = given
  if (
    prefix !== undefined &&
    (typeof prefix !== 'string' || prefix === '' || prefix.length > maxPrefixLength)
  ) {
    throw invalid(
      `prefix must be a string of 1 to ${String(maxPrefixLength)} characters (mapped into a tool name as the server's tool names are), got ${describeValue(prefix)}`,
    )
  }
  if (include !== undefined && typeof include !== 'function') {
    throw invalid(`include must be a function, got ${describeValue(include)}`)
  }
  if (logger !== undefined && !hasMethods(logger, ['warn'])) {
    throw invalid(`logger must have a warn method, got ${describeValue(logger)}`)
  }
  for (const name of ['requestTimeoutMs', 'timeoutMs'] as const) {
    const value = given[name]
    if (value !== undefined && !isTimeout(value)) throw invalid(timeoutMistake(name, value))
  }
}

/** `toolTimeoutMs` as a map of the server's tool names to budgets, read once. */
function readToolTimeouts(
  value: unknown,
  invalid: (message: string) => McpBridgeError,
): Map<string, number> {
  const budgets = new Map<string, number>()
  if (value === undefined) return budgets
  if (!isPlainObject(value)) {
    throw invalid(
      `toolTimeoutMs must be an object of tool names and milliseconds, got ${describeValue(value)}`,
    )
  }
  for (const [name, budget] of Object.entries(value)) {
    if (!isTimeout(budget)) {
      throw invalid(timeoutMistake(`toolTimeoutMs[${JSON.stringify(name)}]`, budget))
    }
    budgets.set(name, budget)
  }
  return budgets
}

function isTimeout(value: unknown): value is number {
  return typeof value === 'number' && value > 0 && value <= maxTimeoutMs
}

function timeoutMistake(name: string, value: unknown): string {
  return `${name} must be a positive number of milliseconds no larger than ${String(maxTimeoutMs)}, got ${describeValue(value)}`
}

function hasMethods(value: unknown, methods: readonly string[]): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    methods.every((method) => typeof (value as Record<string, unknown>)[method] === 'function')
  )
}
