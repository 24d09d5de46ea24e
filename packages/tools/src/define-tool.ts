import type { ContentBlock } from '@toolpipe/core'
import type { ToolCallView, ToolResult, ToolResultView } from '@toolpipe/presentation'
import type { ArgIssue, InferArgs, SchemaSpec, StandardToolSchema } from '@toolpipe/schema'
import { assertSupportedOutputSchema } from '@toolpipe/structured-output'
import type { InferStructured, StructuredOutputSchema } from '@toolpipe/structured-output'
import { argumentsCheck } from './internal/arguments-check.js'
import type { ArgumentsCheck, ExtraCheck } from './internal/arguments-check.js'
import {
  assertAnnotations,
  assertConcurrencySafe,
  assertMaxOutputTokens,
  assertSearchFields,
  assertTimeout,
  assertToolRules,
} from './internal/check-definition.js'
import { ExecutionRecord } from './internal/execution-record.js'
import { readDefineToolOptions } from './internal/define-tool-options.js'
import type { ToolAnnotations } from './tool-annotations.js'
import type { ToolDefinition, ToolExecuteReturn } from './tool-definition.js'
import type { ToolExecution } from './tool-execution.js'
import type { ToolRules } from './tool-rules.js'

/**
 * What a `defineTool` tool's `parameters` may be: a schema spec, or a Standard Schema with a
 * JSON Schema side (zod 4, arktype 2, valibot wrapped by `toStandardJsonSchema`, …; SPEC §10).
 */
export type DefineToolParameters = SchemaSpec | StandardToolSchema

/**
 * What the body (and the presenters, and an extra `checkArgs`) of a tool with these `parameters`
 * receive: `InferArgs` of a spec, or a Standard Schema's output type (transforms applied).
 */
export type InferToolArgs<TParameters extends DefineToolParameters> =
  TParameters extends StandardToolSchema
    ? NonNullable<TParameters['~standard']['types']>['output']
    : TParameters extends SchemaSpec
      ? InferArgs<TParameters>
      : never

/**
 * What `exec.arguments` holds once step 4 accepted a call of a tool with these `parameters`, the
 * type {@link isCallOf} narrows to: `InferArgs` of a spec, or a Standard Schema's input type (the
 * arguments as the model sent them, normalized).
 */
export type InferToolInput<TParameters extends DefineToolParameters> =
  TParameters extends StandardToolSchema
    ? NonNullable<TParameters['~standard']['types']>['input']
    : TParameters extends SchemaSpec
      ? InferArgs<TParameters>
      : never

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
] extends [never]
  ? // Not inferred yet (a body returning `new Promise(…)` is typed before `outputSchema` is
    // read): content blocks or a result object, as without a schema.
    ToolExecuteReturn
  : [TOutputSchema] extends [StructuredOutputSchema]
    ? {
        content?: ContentBlock[] | undefined
        structured: InferStructured<TOutputSchema>
        meta?: unknown
      }
    : ToolExecuteReturn

/**
 * What `defineTool` takes: a tool whose `parameters` is a schema spec or a Standard Schema, and
 * whose code is typed by it.
 */
export interface DefineToolOptions<
  TParameters extends DefineToolParameters,
  TOutputSchema extends StructuredOutputSchema | undefined = undefined,
> {
  /** Letters, digits, `_` and `-`, 1 to 64 characters. */
  readonly name: string
  readonly description: string
  readonly parameters: TParameters
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
   * A check beyond what `parameters` can say (one field against another, say), run after they
   * accepted the arguments, with what the body receives (for a Standard Schema: its output); its
   * issues fail the call with `INVALID_ARGS` before anyone is asked, like the parameters' own.
   */
  checkArgs?(args: InferToolArgs<TParameters>): ArgIssue[] | Promise<ArgIssue[]>
  /**
   * Runs with arguments already validated against `parameters` (and `checkArgs`): the arguments
   * themselves for a spec, the schema's output for a Standard Schema. It may return its result
   * synchronously or as a promise.
   */
  execute(
    args: InferToolArgs<TParameters>,
    exec: ToolExecution,
  ): DefineToolReturn<TOutputSchema> | Promise<DefineToolReturn<TOutputSchema>>
  /** A cooperative deadline in milliseconds: positive, at most 2^31−1 (about 24.8 days). */
  readonly timeoutMs?: number | undefined
  /**
   * How permission rules and hooks see this tool (SPEC §18.1): its rule name (`Bash`, say) and
   * what a call touches, from the call's validated arguments.
   */
  readonly permissions?: ToolRules<InferToolInput<TParameters>> | undefined
  /** The most tokens of output this tool may put in front of the model (SPEC §20). */
  readonly maxOutputTokens?: number | undefined
  /** Load this tool on demand, through a tool search (SPEC §24). Default `false`. */
  readonly deferLoading?: boolean | undefined
  /** More words a tool search may find this tool by (never sent to the model; SPEC §24). */
  readonly searchText?: string | undefined
  presentCall?(args: InferToolArgs<TParameters>): ToolCallView | undefined
  presentResult?(args: InferToolArgs<TParameters>, result: ToolResult): ToolResultView | undefined
}

/**
 * Builds a {@link ToolDefinition} from a schema spec or a Standard Schema: `parameters` becomes
 * JSON Schema for the model, `normalizeArgs` removes the `null` a strict model sends for an
 * optional member it leaves out (SPEC §9.3), `checkArgs` checks a call's arguments against the
 * parameters (the registry runs both once per call, before any policy, guard or approval), and
 * the typed body runs only on arguments that passed. A mismatch is `ToolArgsError`
 * (`INVALID_ARGS`), which the registry turns into an error result the model can correct from.
 * Called directly, outside the registry, `execute` normalizes and validates its arguments itself
 * and throws `ToolArgsError`; through the registry it does not check again what the pipeline
 * already checked. Presenters normalize too; given arguments that do not match (an old session
 * log) they return `undefined`, so the UI falls back to the generic card.
 *
 * `parameters` may be any Standard Schema v1 that is a Standard JSON Schema v1 too (zod 4,
 * arktype 2, valibot wrapped by `toStandardJsonSchema` from `@valibot/to-json-schema`; SPEC §10):
 * the model is shown its `jsonSchema.input({ target: 'draft-2020-12' })`, the null→absent
 * normalization reads that JSON Schema, step 4 validates with its own `validate` (sync or async;
 * issues become `invalid` argument issues), and the body, presenters and an extra `checkArgs`
 * receive its output, transforms applied, typed by its output type, without a second validation.
 *
 * With an `outputSchema`, the body's return is typed by it (`structured` is required) and checked
 * on every call through the registry (SPEC §12.1).
 *
 * The returned definition carries the type of its accepted arguments (`InferToolInput`), so that
 * {@link isCallOf} can narrow a call's `exec.arguments` to it.
 *
 * @throws `SchemaSpecError` for a malformed spec, `StandardSchemaError` for a Standard Schema that
 * cannot be parameters (`NO_JSON_SCHEMA` says how to get a JSON Schema side), `OutputSchemaError`
 * for an `outputSchema` outside the subset, `ToolRegistryError` (`INVALID_TOOL`) for a bad name,
 * a description that is not a string, `timeoutMs`, annotations, `concurrencySafe`, `deferLoading` or `searchText`, an `execute` or
 * other method that is not a function, or a member a throwing getter or Proxy trap keeps from
 * being read (named, with what it threw as `cause`; SPEC §11), at definition time.
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
  const TParameters extends DefineToolParameters,
  const TOutputSchema extends StructuredOutputSchema | undefined = undefined,
>(
  options: DefineToolOptions<TParameters, TOutputSchema>,
): ToolDefinition<InferToolInput<TParameters>> {
  type Args = InferToolArgs<TParameters>
  const { name, members } = readDefineToolOptions(options)
  const { description, parameters: given, timeoutMs, outputSchema, annotations } = members
  const { permissions, maxOutputTokens, deferLoading, searchText } = members
  const concurrencySafe: unknown = members.concurrencySafe
  // Bound now: the definition is immutable, and a method may use `this` (the options object).
  const execute = members.execute.bind(options)
  // Called only with arguments the parameters accepted: typed loosely here, to keep the compiler
  // from instantiating InferToolArgs<TParameters> again at each call.
  const extraCheck = members.checkArgs?.bind(options) as ExtraCheck | undefined
  const presentCall = members.presentCall?.bind(options)
  const presentResult = members.presentResult?.bind(options)
  assertTimeout(name, timeoutMs)
  if (outputSchema !== undefined) assertSupportedOutputSchema(outputSchema)
  assertAnnotations(name, annotations)
  assertConcurrencySafe(name, concurrencySafe)
  assertToolRules(name, permissions)
  assertMaxOutputTokens(name, maxOutputTokens)
  assertSearchFields(name, deferLoading, searchText)
  const check = argumentsCheck<Args>(given, extraCheck)
  const definition: ToolDefinition<InferToolInput<TParameters>> = {
    name,
    description,
    parameters: check.parameters,
    // As it is: a Standard Schema's carries the parser that hands step 4 its output.
    checkArgs: check.check,
    normalizeArgs: (args) => check.normalize(args),
    async execute(args, exec) {
      // Through the registry, step 4 normalized and checked exactly these arguments against this
      // definition.
      const accepted =
        ExecutionRecord.checkedTool(exec) === definition && exec.arguments === args
          ? check.accepted(args, exec)
          : check.parse(args)
      return accepted instanceof Promise
        ? accepted.then((value) => execute(value, exec))
        : execute(accepted, exec)
    },
  }
  if (outputSchema !== undefined) definition.outputSchema = outputSchema
  if (annotations !== undefined) definition.annotations = annotations
  if (concurrencySafe !== undefined) definition.concurrencySafe = concurrencySafe as boolean
  if (timeoutMs !== undefined) definition.timeoutMs = timeoutMs
  if (permissions !== undefined) definition.permissions = permissions as ToolRules
  if (maxOutputTokens !== undefined) definition.maxOutputTokens = maxOutputTokens
  if (deferLoading !== undefined) definition.deferLoading = deferLoading
  if (searchText !== undefined) definition.searchText = searchText
  attachPresenters(definition, check, presentCall, presentResult)
  return Object.freeze(definition)
}

/**
 * The definition's presenters, given the arguments as the model sent them: the tool's own see
 * what its body would receive, and only for arguments that match (else the generic card).
 */
function attachPresenters<TArgs>(
  definition: Pick<ToolDefinition, 'presentCall' | 'presentResult'>,
  check: ArgumentsCheck<TArgs>,
  presentCall: ((args: TArgs) => ToolCallView | undefined) | undefined,
  presentResult: ((args: TArgs, result: ToolResult) => ToolResultView | undefined) | undefined,
): void {
  if (presentCall !== undefined) {
    definition.presentCall = (args) => {
      const valid = check.matching(args)
      return valid === undefined ? undefined : presentCall(valid)
    }
  }
  if (presentResult !== undefined) {
    definition.presentResult = (args, result) => {
      const valid = check.matching(args)
      return valid === undefined ? undefined : presentResult(valid, result)
    }
  }
}
