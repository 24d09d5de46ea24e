import { snapshotJson } from '@toolpipe/core'
import type { JsonValue } from '@toolpipe/core'
import { describeThrown } from '@toolpipe/core/internal'
import {
  assertStandardToolSchema,
  checkArgs,
  checkStandardArgs,
  isStandardSchema,
  normalizeArgs,
  schemaSpecToJsonSchema,
  standardSchemaToJsonSchema,
  ToolArgsError,
  validateArgs,
} from '@toolpipe/schema'
import type { ArgIssue, SchemaSpec, StandardArgsResult, StandardToolSchema } from '@toolpipe/schema'
import type { ToolParameters } from '../tool-definition.js'
import { ExecutionRecord } from './execution-record.js'
import { mutableCopy } from './mutable-copy.js'
import { withParser } from './parse-args.js'

/**
 * How a `defineTool` tool's arguments are shown, normalized, checked and turned into what its
 * body receives: from a schema spec (the arguments themselves), or from a Standard Schema (its
 * output, transforms applied; SPEC §10). `TArgs` is what the body receives.
 */
export interface ArgumentsCheck<TArgs> {
  /** The JSON Schema the model is shown. */
  readonly parameters: ToolParameters
  /** The definition's `normalizeArgs`: SPEC §9.3's null→absent rule. */
  normalize(args: JsonValue): JsonValue
  /**
   * The definition's `checkArgs`, which step 4 runs once per call (a Standard Schema's carries a
   * parser that also hands step 4 the output: `parse-args.ts`).
   */
  readonly check: (args: JsonValue) => ArgIssue[] | Promise<ArgIssue[]>
  /** What the body receives for the arguments of `exec`, which step 4 normalized and accepted. */
  accepted(args: unknown, exec: unknown): TArgs | Promise<TArgs>
  /** Outside the registry: the body's arguments, or `ToolArgsError`. */
  parse(args: unknown): TArgs | Promise<TArgs>
  /** For presenters: the body's arguments when `args` match, found synchronously; else `undefined`. */
  matching(args: unknown): TArgs | undefined
}

/**
 * `defineTool`'s own `checkArgs` option: a check run after the parameters accepted the arguments,
 * with what the body receives.
 */
export type ExtraCheck = (args: unknown) => ArgIssue[] | Promise<ArgIssue[]>

/**
 * The check of `parameters`, a schema spec or a Standard Schema, made at definition time, with
 * `extra` run after it on what the body receives.
 */
export function argumentsCheck<TArgs>(
  parameters: unknown,
  extra: ExtraCheck | undefined,
): ArgumentsCheck<TArgs> {
  return isStandardSchema(parameters)
    ? standardCheck<TArgs>(parameters as StandardToolSchema, extra)
    : specCheck<TArgs>(parameters as SchemaSpec, extra)
}

/** `value` when `extra` admits it (or there is none); otherwise `ToolArgsError`. */
function checkedByExtra<TArgs>(
  value: TArgs,
  extra: ExtraCheck | undefined,
): TArgs | Promise<TArgs> {
  if (extra === undefined) return value
  const verdict = (issues: ArgIssue[]): TArgs => {
    if (issues.length > 0) throw new ToolArgsError(issues)
    return value
  }
  const issues = extra(value)
  return issues instanceof Promise ? issues.then(verdict) : verdict(issues)
}

/** @throws `SchemaSpecError` for a malformed spec */
function specCheck<TArgs>(spec: SchemaSpec, extra: ExtraCheck | undefined): ArgumentsCheck<TArgs> {
  const parameters = schemaSpecToJsonSchema(spec)
  return {
    parameters,
    normalize: (args) => normalizeArgs(spec, args) as JsonValue,
    check:
      extra === undefined
        ? (args) => checkArgs(spec, args)
        : (args) => {
            const issues = checkArgs(spec, args)
            return issues.length > 0 ? issues : extra(args)
          },
    accepted: (args) => args as TArgs,
    parse(args) {
      const normalized = normalizeArgs(spec, args)
      validateArgs(spec, normalized)
      return checkedByExtra(normalized as TArgs, extra)
    },
    matching(args) {
      const normalized = normalizeArgs(spec, args)
      return checkArgs(spec, normalized).length === 0 ? (normalized as TArgs) : undefined
    },
  }
}

/**
 * The vendors whose `validate` never writes to its input (their outputs are new objects, the
 * input's untouched parts aside): they are given the frozen arguments themselves. Any other
 * library gets a fresh, unfrozen copy, which costs about what zod's own `validate` does on the
 * same arguments (bench/README.md): arktype applies its morphs in place, and a library we do not
 * know may too.
 */
const leavesInputAlone: ReadonlySet<string> = new Set(['zod', 'valibot', 'toolpipe'])

/**
 * A Standard Schema's check. Its `validate` gets the frozen arguments, or a fresh, unfrozen copy
 * of them for a library that may transform in place (see `leavesInputAlone`). At step 4 the output it returns is kept on the execution
 * (`ExecutionRecord.accept`), and the body receives it without a second validation. Presenters,
 * pure functions of the arguments, validate again (synchronously: with an async `validate` they
 * show the generic card).
 *
 * @throws `StandardSchemaError` for a schema that cannot serve as parameters
 */
function standardCheck<TArgs>(
  schema: StandardToolSchema,
  extra: ExtraCheck | undefined,
): ArgumentsCheck<TArgs> {
  assertStandardToolSchema(schema)
  const parameters = standardSchemaToJsonSchema(schema) as ToolParameters
  // Called with JSON data only: step 4's normalized snapshot, or what `normalizedJson` made of
  // the arguments of a direct call or a presenter.
  const copy = leavesInputAloneFor(schema) ? undefined : mutableCopy
  const validate: StandardValidate<TArgs> = (args) =>
    checkStandardArgs(schema, copy === undefined ? args : copy(args)) as
      StandardArgsResult<TArgs> | Promise<StandardArgsResult<TArgs>>
  const valueOf = (result: StandardArgsResult<TArgs>): TArgs | Promise<TArgs> => {
    if (result.issues !== undefined) throw new ToolArgsError(result.issues)
    return checkedByExtra(result.value, extra)
  }
  const parse = (args: unknown): TArgs | Promise<TArgs> => {
    const result = validate(normalizedJson(schema, args))
    return result instanceof Promise ? result.then(valueOf) : valueOf(result)
  }
  const issuesOf = issuesWithExtra<TArgs>(extra)
  const check = withParser(
    (args: JsonValue): ArgIssue[] | Promise<ArgIssue[]> => {
      const result = validate(args)
      return result instanceof Promise
        ? result.then((settled) => issuesOf(settled))
        : issuesOf(result)
    },
    (args, accept) => {
      const result = validate(args)
      return result instanceof Promise
        ? result.then((settled) => issuesOf(settled, accept))
        : issuesOf(result, accept)
    },
  )
  return {
    parameters,
    normalize: (args) => normalizeArgs(schema, args) as JsonValue,
    check,
    accepted(args, exec) {
      const kept = ExecutionRecord.accepted(exec)
      return kept === undefined ? parse(args) : (kept.value as TArgs)
    },
    parse,
    matching: (args) => matchingOutput(schema, validate, args),
  }
}

/** A Standard Schema's `validate` over JSON arguments (on a copy where the library needs one). */
type StandardValidate<TArgs> = (
  args: JsonValue,
) => StandardArgsResult<TArgs> | Promise<StandardArgsResult<TArgs>>

/**
 * The issues of a settled validation, then of `extra` on the output; `accept` is called with the
 * output when both pass.
 */
function issuesWithExtra<TArgs>(
  extra: ExtraCheck | undefined,
): (
  result: StandardArgsResult<TArgs>,
  accept?: (value: unknown) => void,
) => ArgIssue[] | Promise<ArgIssue[]> {
  return (result, accept) => {
    if (result.issues !== undefined) return [...result.issues]
    const { value } = result
    if (extra === undefined) {
      accept?.(value)
      return []
    }
    const passed = (issues: ArgIssue[]): ArgIssue[] => {
      if (Array.isArray(issues) && issues.length === 0) accept?.(value)
      return issues
    }
    const issues = extra(value)
    return issues instanceof Promise ? issues.then(passed) : passed(issues)
  }
}

/** For presenters: the output for `args` when they match, found synchronously; else `undefined`. */
function matchingOutput<TArgs>(
  schema: StandardToolSchema,
  validate: StandardValidate<TArgs>,
  args: unknown,
): TArgs | undefined {
  try {
    const result = validate(normalizedJson(schema, args))
    if (result instanceof Promise) {
      // A presenter is synchronous: the generic card, and no unhandled rejection.
      result.catch(() => undefined)
      return undefined
    }
    return result.issues === undefined ? result.value : undefined
    // Stryker disable next-line BlockStatement: an empty catch answers undefined too
  } catch {
    return undefined
  }
}

/**
 * Whether the schema's vendor is one that leaves its input alone; `false` (a copy) when it cannot
 * be read again (a getter that throws now).
 */
function leavesInputAloneFor(schema: StandardToolSchema): boolean {
  try {
    return leavesInputAlone.has(schema['~standard'].vendor)
    // Stryker disable next-line BlockStatement,BooleanLiteral: reached only by a vendor getter that throws on a later read (assertStandardToolSchema read it a moment ago); an empty catch answers undefined, as falsy
  } catch {
    return false
  }
}

/**
 * Arguments from outside the pipeline (a direct call, a presenter given an old log) as JSON data,
 * normalized; `ToolArgsError` with one `not_object`-like `invalid` issue when they are not JSON.
 */
function normalizedJson(schema: StandardToolSchema, args: unknown): JsonValue {
  let json: JsonValue
  try {
    json = snapshotJson(args)
  } catch (error) {
    throw new ToolArgsError(
      [
        {
          code: 'invalid',
          path: [],
          message: `the arguments are not JSON data: ${describeThrown(error)}`,
          reason: describeThrown(error),
          vendor: 'toolpipe',
        },
      ],
      { cause: error },
    )
  }
  return normalizeArgs(schema, json) as JsonValue
}
