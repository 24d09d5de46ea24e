import type { ContentBlock, JsonValue } from '@toolpipe/core'
import type { ToolCallView, ToolResult, ToolResultView } from '@toolpipe/presentation'
import {
  checkArgs,
  normalizeArgs,
  schemaSpecToJsonSchema,
  ToolArgsError,
  validateArgs,
} from '@toolpipe/schema'
import type { ArgIssue, InferArgs, SchemaSpec } from '@toolpipe/schema'
import { assertSupportedOutputSchema } from '@toolpipe/structured-output'
import type { InferStructured, StructuredOutputSchema } from '@toolpipe/structured-output'
import {
  assertAnnotations,
  assertConcurrencySafe,
  assertTimeout,
  assertToolName,
} from './internal/check-definition.js'
import { ExecutionRecord } from './internal/execution-record.js'
import type { ToolAnnotations } from './tool-annotations.js'
import type { ToolDefinition, ToolExecuteReturn } from './tool-definition.js'
import type { ToolExecution } from './tool-execution.js'

/**
 * What the body of a `defineTool` tool returns: with an `outputSchema`, an object whose
 * `structured` value the schema types (`InferStructured`), `content` optional (its JSON text by
 * default); without one, content blocks or `{ content, structured?, meta? }`.
 *
 * @typeParam TOutputSchema - the tool's `outputSchema` (as written, `as const` or inline), or
 * `undefined`
 */
export type DefineToolReturn<TOutputSchema extends StructuredOutputSchema | undefined> = [
  TOutputSchema,
] extends [StructuredOutputSchema]
  ? {
      content?: ContentBlock[] | undefined
      structured: InferStructured<TOutputSchema>
      meta?: unknown
    }
  : ToolExecuteReturn

/** What `defineTool` takes: a tool whose `parameters` is a schema spec and whose code is typed by it. */
export interface DefineToolOptions<
  TSpec extends SchemaSpec,
  TOutputSchema extends StructuredOutputSchema | undefined = undefined,
> {
  /** Letters, digits, `_` and `-`, 1 to 64 characters. */
  readonly name: string
  readonly description: string
  readonly parameters: TSpec
  /**
   * The schema of the tool's `structured` results (the structured-output subset): checked with
   * `assertSupportedOutputSchema` now, enforced on every call (`OUTPUT_INVALID`), and the type of
   * what `execute` must return.
   */
  readonly outputSchema?: TOutputSchema
  /** Hints about what the tool does, for protocols and UIs (`descriptors()`). */
  readonly annotations?: ToolAnnotations | undefined
  /** Whether `executeBatch` may run this tool's calls concurrently. Default `false`. */
  readonly concurrencySafe?: boolean | undefined
  /**
   * A check beyond what the spec can say (one field against another, say), run after the spec
   * accepted the arguments and with them typed; its issues fail the call with `INVALID_ARGS`
   * before anyone is asked, like the spec's own.
   */
  checkArgs?(args: InferArgs<TSpec>): ArgIssue[] | Promise<ArgIssue[]>
  /** Runs with arguments already validated against `parameters` (and `checkArgs`). */
  execute(args: InferArgs<TSpec>, exec: ToolExecution): Promise<DefineToolReturn<TOutputSchema>>
  /** A cooperative deadline in milliseconds: positive, at most 2^31−1 (about 24.8 days). */
  readonly timeoutMs?: number | undefined
  presentCall?(args: InferArgs<TSpec>): ToolCallView | undefined
  presentResult?(args: InferArgs<TSpec>, result: ToolResult): ToolResultView | undefined
}

/**
 * Builds a {@link ToolDefinition} from a schema spec: `parameters` becomes JSON Schema for the
 * model, `normalizeArgs` removes the `null` a strict model sends for an optional member it leaves
 * out (SPEC §9.3), `checkArgs` checks a call's arguments against the spec (the registry runs both
 * once per call, before any policy, guard or approval), and the typed body runs only on
 * arguments that passed. A mismatch is `ToolArgsError` (`INVALID_ARGS`), which the registry turns
 * into an error result the model can correct from. Called directly, outside the registry,
 * `execute` normalizes and validates its arguments itself and throws `ToolArgsError`; through the
 * registry it does not check again what the pipeline already checked. Presenters normalize too;
 * given arguments that do not match (an old session log) they return `undefined`, so the UI falls
 * back to the generic card.
 *
 * With an `outputSchema`, the body's return is typed by it (`structured` is required) and checked
 * on every call through the registry (SPEC §12.1).
 *
 * The returned definition carries the inferred argument type, so that {@link isCallOf} can
 * narrow a call's `exec.arguments` to it.
 *
 * @throws `SchemaSpecError` for a malformed spec, `OutputSchemaError` for an `outputSchema`
 * outside the subset, `ToolRegistryError` (`INVALID_TOOL`) for a bad name, `timeoutMs`,
 * annotations or `concurrencySafe`, at definition time.
 * @example
 * const readFile = defineTool({
 *   name: 'read_file',
 *   description: 'Read a UTF-8 text file.',
 *   parameters: { path: { type: 'string', required: true } },
 *   annotations: { readOnly: true },
 *   concurrencySafe: true,
 *   async execute({ path }) {
 *     return [{ type: 'text', text: await readFile(path, 'utf8') }]
 *   },
 * })
 */
export function defineTool<
  const TSpec extends SchemaSpec,
  const TOutputSchema extends StructuredOutputSchema | undefined = undefined,
>(options: DefineToolOptions<TSpec, TOutputSchema>): ToolDefinition<InferArgs<TSpec>> {
  const { name, description, parameters: spec, timeoutMs, outputSchema, annotations } = options
  const concurrencySafe: unknown = options.concurrencySafe
  // Bound now: the definition is immutable, and a method may use `this` (the options object).
  const execute = options.execute.bind(options)
  // Called only with arguments the spec accepted: typed loosely here, to keep the compiler from
  // instantiating InferArgs<TSpec> again at each call.
  const extraCheck = options.checkArgs?.bind(options) as
    ((args: unknown) => ArgIssue[] | Promise<ArgIssue[]>) | undefined
  const presentCall = options.presentCall?.bind(options)
  const presentResult = options.presentResult?.bind(options)
  assertToolName(name)
  assertTimeout(name, timeoutMs)
  if (outputSchema !== undefined) assertSupportedOutputSchema(outputSchema)
  assertAnnotations(name, annotations)
  assertConcurrencySafe(name, concurrencySafe)
  const parameters = schemaSpecToJsonSchema(spec)
  /** The arguments normalized, when they then match the spec. */
  const matching = (args: unknown): InferArgs<TSpec> | undefined => {
    const normalized = normalizeArgs(spec, args)
    return checkArgs(spec, normalized).length === 0 ? (normalized as InferArgs<TSpec>) : undefined
  }
  const definition: ToolDefinition<InferArgs<TSpec>> = {
    name,
    description,
    parameters,
    checkArgs:
      extraCheck === undefined
        ? (args) => checkArgs(spec, args)
        : (args) => {
            const issues = checkArgs(spec, args)
            return issues.length > 0 ? issues : extraCheck(args)
          },
    normalizeArgs: (args) => normalizeArgs(spec, args) as JsonValue,
    async execute(args, exec) {
      // Through the registry, step 4 normalized and checked exactly these arguments against this
      // definition.
      if (ExecutionRecord.checkedTool(exec) === definition && exec.arguments === args) {
        return execute(args as InferArgs<TSpec>, exec)
      }
      const normalized = normalizeArgs(spec, args)
      validateArgs(spec, normalized)
      const issues = extraCheck === undefined ? [] : await extraCheck(normalized)
      if (issues.length > 0) throw new ToolArgsError(issues)
      return execute(normalized, exec)
    },
  }
  if (outputSchema !== undefined) definition.outputSchema = outputSchema
  if (annotations !== undefined) definition.annotations = annotations
  if (concurrencySafe !== undefined) definition.concurrencySafe = concurrencySafe as boolean
  if (timeoutMs !== undefined) definition.timeoutMs = timeoutMs
  if (presentCall !== undefined) {
    definition.presentCall = (args) => {
      const valid = matching(args)
      return valid === undefined ? undefined : presentCall(valid)
    }
  }
  if (presentResult !== undefined) {
    definition.presentResult = (args, result) => {
      const valid = matching(args)
      return valid === undefined ? undefined : presentResult(valid, result)
    }
  }
  return Object.freeze(definition)
}
