import type { ContentBlock } from '@toolpipe/core'
import type { ToolCallView, ToolResult, ToolResultView } from '@toolpipe/presentation'
import { checkArgs, schemaSpecToJsonSchema, ToolArgsError, validateArgs } from '@toolpipe/schema'
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
 * model, `checkArgs` checks a call's arguments against the spec (the registry runs it once per
 * call, before any policy, guard or approval), and the typed body runs only on arguments that
 * passed. A mismatch is `ToolArgsError` (`INVALID_ARGS`), which the registry turns into an error
 * result the model can correct from. Called directly, outside the registry, `execute` validates
 * its arguments itself and throws `ToolArgsError`; through the registry it does not check again
 * what the pipeline already checked. Presenters given arguments that do not match (an old session
 * log) return `undefined`, so the UI falls back to the generic card.
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
  const extraCheck = options.checkArgs?.bind(options)
  const presentCall = options.presentCall?.bind(options)
  const presentResult = options.presentResult?.bind(options)
  assertToolName(name)
  assertTimeout(name, timeoutMs)
  if (outputSchema !== undefined) assertSupportedOutputSchema(outputSchema)
  assertAnnotations(name, annotations)
  assertConcurrencySafe(name, concurrencySafe)
  const matches = (args: unknown): args is InferArgs<TSpec> => checkArgs(spec, args).length === 0
  const definition: ToolDefinition<InferArgs<TSpec>> = {
    name,
    description,
    parameters: schemaSpecToJsonSchema(spec),
    checkArgs:
      extraCheck === undefined
        ? (args) => checkArgs(spec, args)
        : (args) => {
            const issues = checkArgs(spec, args)
            return issues.length > 0 ? issues : extraCheck(args as InferArgs<TSpec>)
          },
    async execute(args, exec) {
      // Through the registry, step 4 checked exactly these arguments against this definition.
      const checked = ExecutionRecord.checkedTool(exec) === definition && exec.arguments === args
      if (!checked) {
        validateArgs(spec, args)
        const issues = extraCheck === undefined ? [] : await extraCheck(args)
        if (issues.length > 0) throw new ToolArgsError(issues)
      }
      return execute(args as InferArgs<TSpec>, exec)
    },
  }
  if (outputSchema !== undefined) definition.outputSchema = outputSchema
  if (annotations !== undefined) definition.annotations = annotations
  if (concurrencySafe !== undefined) definition.concurrencySafe = concurrencySafe as boolean
  if (timeoutMs !== undefined) definition.timeoutMs = timeoutMs
  if (presentCall !== undefined) {
    definition.presentCall = (args) => (matches(args) ? presentCall(args) : undefined)
  }
  if (presentResult !== undefined) {
    definition.presentResult = (args, result) =>
      matches(args) ? presentResult(args, result) : undefined
  }
  return Object.freeze(definition)
}
