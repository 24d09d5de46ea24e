import type { ContentBlock, JsonObject, JsonValue } from '@toolpipe/core'
import type { ToolCallView, ToolResult, ToolResultView } from '@toolpipe/presentation'
import type { ArgIssue, JsonSchemaObject, ProviderJsonSchema } from '@toolpipe/schema'
import type { StructuredOutputSchema } from '@toolpipe/structured-output'
import type { ToolAnnotations } from './tool-annotations.js'
import type { ToolExecution } from './tool-execution.js'
import type { ToolRules } from './tool-rules.js'

/**
 * The JSON Schema (draft 2020-12) of a tool's arguments: what `defineTool` generates from a schema
 * spec, or any hand-written object schema (an MCP tool's `inputSchema`, say) made of JSON data.
 */
export type ToolParameters =
  JsonSchemaObject | ProviderJsonSchema | (JsonObject & { type: 'object' })

/** The model-facing part of a tool: exactly what a provider receives. */
export interface ToolSchema {
  name: string
  description: string
  parameters: ToolParameters
  /**
   * `true` on the schemas of the `openai-strict` dialect (`registry.schemas(scope, { dialect:
   * 'openai-strict' })`): send it as the function's `strict` flag. On the `openai-responses`
   * dialect, `true` or, for a tool strict mode cannot take, `false`. Absent otherwise.
   */
  strict?: boolean
}

/**
 * A tool's schema in a native deferred list (`schemas(scope, { dialect, deferLoading: true })`,
 * SPEC §24): `defer_loading: true`, the providers' own field name, on a tool defined with
 * `deferLoading: true`, which the provider then loads only when its tool search finds it.
 */
export interface NativeToolSchema extends ToolSchema {
  defer_loading?: true
}

/**
 * What a tool's `execute` may return: content blocks; or an object with `content`, a
 * machine-readable `structured` value (JSON; required, and checked, when the tool has an
 * `outputSchema`) and a presentation payload `meta`. Without `content`, the model reads one text
 * block holding `JSON.stringify(structured)`.
 */
export type ToolExecuteReturn =
  | ContentBlock[]
  | { content: ContentBlock[]; structured?: unknown; meta?: unknown }
  | { content?: ContentBlock[] | undefined; structured: unknown; meta?: unknown }

/** A key that exists only in types: it carries a definition's argument type, never a value. */
declare const toolArgumentsType: unique symbol

/**
 * A registered tool: its schema plus the code that runs it and, optionally, how its arguments are
 * checked and how a UI presents its calls. Only `name`, `description` and `parameters` ever reach
 * the model.
 *
 * @typeParam TArguments - the arguments the definition's `checkArgs` admits, as `defineTool`
 * infers them from its spec; `unknown` for a hand-written definition. Type-level only: it lets
 * {@link isCallOf} narrow a call's arguments, and is never present at runtime.
 */
export interface ToolDefinition<TArguments = unknown> extends ToolSchema {
  /**
   * Runs the call, returning its result synchronously or as a promise. Through the registry,
   * `args` is `exec.arguments`: the frozen JSON snapshot of the model's arguments, already
   * accepted by `checkArgs` when the definition has one.
   */
  execute(args: unknown, exec: ToolExecution): ToolExecuteReturn | Promise<ToolExecuteReturn>
  /**
   * Checks a call's arguments before anyone is asked about the call: an empty array admits them;
   * otherwise the call fails with `ToolArgsError` (`INVALID_ARGS`) listing the issues, and no
   * policy, guard, approval, wrapper or body runs. `defineTool` provides it; a hand-written
   * definition may add its own. Called once per call, with the deep-frozen snapshot.
   */
  checkArgs?(args: JsonValue): ArgIssue[] | Promise<ArgIssue[]>
  /**
   * Normalizes a call's arguments before `checkArgs` (SPEC §9.3): `defineTool` removes the `null`
   * a strict model sends for an optional member it leaves out. Called once per call at step 4,
   * synchronously, with the deep-frozen snapshot; it must not mutate it, and returns the
   * arguments to check (the same value when nothing changes). What it returns, deep-frozen,
   * becomes `exec.arguments` for every policy, guard, approval card and the body. A hand-written
   * definition is left as is unless it adds one.
   */
  normalizeArgs?(args: JsonValue): JsonValue
  /**
   * The JSON Schema (the `@toolpipe/structured-output` subset, root `type: 'object'`) of the
   * `structured` value every successful call returns. With one, a return without `structured`, or
   * with one the schema refuses, is the error result `OutputInvalidError` (`OUTPUT_INVALID`)
   * listing the issues. Checked with `assertSupportedOutputSchema` at registration; not sent to
   * the model by `schemas()`, carried by `descriptors()` (MCP's `outputSchema`).
   */
  outputSchema?: StructuredOutputSchema | undefined
  /** Hints about what the tool does (read-only, destructive, …); carried by `descriptors()`. */
  annotations?: ToolAnnotations | undefined
  /**
   * Calls of this tool may run at the same time as each other and as other `concurrencySafe`
   * calls: `executeBatch` runs consecutive safe calls concurrently, and makes every other call
   * wait for what came before it and hold back what comes after. Default `false`. Annotations do
   * not imply it (a read-only tool may still share a connection that is not reentrant).
   */
  concurrencySafe?: boolean | undefined
  /**
   * Load this tool on demand (SPEC §24): `@toolpipe/tool-search` sessions show it only once a
   * search found it, and `schemas(scope, { dialect, deferLoading: true })` marks it for the
   * provider's own tool search. A deferred tool is still called by name through the whole
   * pipeline, and `schemas()` without `deferLoading` lists it as any other. Default `false`.
   */
  deferLoading?: boolean | undefined
  /**
   * More words a tool search may find this tool by, beyond its name, description, parameters and
   * annotations (`mountMcpTools` puts the server's name, title and description here). Never sent
   * to the model. At most 4,096 characters.
   */
  searchText?: string | undefined
  /**
   * A cooperative deadline in milliseconds, enforced by `@toolpipe/timeout-policy` through
   * `exec.signal`: positive and at most 2^31−1 (the longest delay a timer honours). Never sent to
   * the model.
   */
  timeoutMs?: number | undefined
  /**
   * How permission rules and hooks see this tool (SPEC §18.1): the name they use for it and what
   * each call touches. Read by `@toolpipe/permissions` and `@toolpipe/hooks`; never sent to the
   * model. Checked at registration.
   */
  permissions?: ToolRules | undefined
  /**
   * The most tokens of output this tool may put in front of the model (SPEC §20): replaces the
   * budget of `@toolpipe/output-budget` for this tool, higher or lower. A positive integer; never
   * sent to the model.
   */
  maxOutputTokens?: number | undefined
  /** The pending card of a call. Pure: a UI calls it live and again when replaying a log. */
  presentCall?(args: unknown): ToolCallView | undefined
  /** The completed card of a call. Pure, for the same reason. */
  presentResult?(args: unknown, result: ToolResult): ToolResultView | undefined
  /** Type-level only (see `TArguments`); never set. */
  readonly [toolArgumentsType]?: TArguments
}
