import type { JsonValue } from '@toolpipe/core'
import type { ToolCallView, ToolResult, ToolResultView } from '@toolpipe/presentation'
import { checkArgs, normalizeArgs, schemaSpecToJsonSchema, validateArgs } from '@toolpipe/schema'
import type { InferArgs, SchemaSpec } from '@toolpipe/schema'
import { assertTimeout, assertToolName } from './internal/check-definition.js'
import { ExecutionRecord } from './internal/execution-record.js'
import type { ToolDefinition, ToolExecuteReturn } from './tool-definition.js'
import type { ToolExecution } from './tool-execution.js'

/** What `defineTool` takes: a tool whose `parameters` is a schema spec and whose code is typed by it. */
export interface DefineToolOptions<TSpec extends SchemaSpec> {
  /** Letters, digits, `_` and `-`, 1 to 64 characters. */
  readonly name: string
  readonly description: string
  readonly parameters: TSpec
  /** Runs with arguments already validated against `parameters`. */
  execute(args: InferArgs<TSpec>, exec: ToolExecution): Promise<ToolExecuteReturn>
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
 * The returned definition carries the inferred argument type, so that {@link isCallOf} can
 * narrow a call's `exec.arguments` to it.
 *
 * @throws `SchemaSpecError` for a malformed spec, `ToolRegistryError` (`INVALID_TOOL`) for a bad
 * name or `timeoutMs`, at definition time.
 * @example
 * const readFile = defineTool({
 *   name: 'read_file',
 *   description: 'Read a UTF-8 text file.',
 *   parameters: { path: { type: 'string', required: true } },
 *   async execute({ path }) {
 *     return [{ type: 'text', text: await readFile(path, 'utf8') }]
 *   },
 * })
 */
export function defineTool<const TSpec extends SchemaSpec>(
  options: DefineToolOptions<TSpec>,
): ToolDefinition<InferArgs<TSpec>> {
  const { name, description, parameters: spec, timeoutMs } = options
  // Bound now: the definition is immutable, and a method may use `this` (the options object).
  const execute = options.execute.bind(options)
  const presentCall = options.presentCall?.bind(options)
  const presentResult = options.presentResult?.bind(options)
  assertToolName(name)
  assertTimeout(name, timeoutMs)
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
    checkArgs: (args) => checkArgs(spec, args),
    normalizeArgs: (args) => normalizeArgs(spec, args) as JsonValue,
    async execute(args, exec) {
      // Through the registry, step 4 normalized and checked exactly these arguments against this
      // definition.
      if (ExecutionRecord.checkedTool(exec) === definition && exec.arguments === args) {
        return execute(args as InferArgs<TSpec>, exec)
      }
      const normalized = normalizeArgs(spec, args)
      validateArgs(spec, normalized)
      return execute(normalized, exec)
    },
  }
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
