import { snapshotJson } from '@toolpipe/core'
import type { JsonValue } from '@toolpipe/core'
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
  /** The definition's `checkArgs`, which step 4 runs once per call. */
  check(args: JsonValue): ArgIssue[] | Promise<ArgIssue[]>
  /** What the body receives for `args` that step 4 normalized and `check` accepted. */
  accepted(args: unknown): TArgs | Promise<TArgs>
  /** Outside the registry: the body's arguments, or `ToolArgsError`. */
  parse(args: unknown): TArgs | Promise<TArgs>
  /** For presenters: the body's arguments when `args` match, found synchronously; else `undefined`. */
  matching(args: unknown): TArgs | undefined
}

/** The check of `parameters`, a schema spec or a Standard Schema, made at definition time. */
export function argumentsCheck<TArgs>(parameters: unknown): ArgumentsCheck<TArgs> {
  return isStandardSchema(parameters)
    ? standardCheck<TArgs>(parameters as StandardToolSchema)
    : specCheck<TArgs>(parameters as SchemaSpec)
}

/** @throws `SchemaSpecError` for a malformed spec */
function specCheck<TArgs>(spec: SchemaSpec): ArgumentsCheck<TArgs> {
  const parameters = schemaSpecToJsonSchema(spec)
  return {
    parameters,
    normalize: (args) => normalizeArgs(spec, args) as JsonValue,
    check: (args) => checkArgs(spec, args),
    accepted: (args) => args as TArgs,
    parse(args) {
      const normalized = normalizeArgs(spec, args)
      validateArgs(spec, normalized)
      return normalized as TArgs
    },
    matching(args) {
      const normalized = normalizeArgs(spec, args)
      return checkArgs(spec, normalized).length === 0 ? (normalized as TArgs) : undefined
    },
  }
}

/**
 * A Standard Schema's check. Its `validate` gets a fresh, unfrozen copy of the arguments (a
 * library may transform in place, as arktype's morphs do, and the body must not share objects
 * with the frozen `exec.arguments`), and the output it returns for the arguments step 4 accepted
 * is kept, per definition, keyed by those (frozen) arguments: the body receives it without a
 * second validation.
 *
 * @throws `StandardSchemaError` for a schema that cannot serve as parameters
 */
function standardCheck<TArgs>(schema: StandardToolSchema): ArgumentsCheck<TArgs> {
  assertStandardToolSchema(schema)
  const parameters = standardSchemaToJsonSchema(schema) as ToolParameters
  const outputs = new WeakMap<object, TArgs>()
  const validate = (args: unknown) =>
    checkStandardArgs(schema, mutableCopy(args)) as
      StandardArgsResult<TArgs> | Promise<StandardArgsResult<TArgs>>
  const valueOf = (result: StandardArgsResult<TArgs>): TArgs => {
    if (result.issues !== undefined) throw new ToolArgsError(result.issues)
    return result.value
  }
  const remember = (args: JsonValue, result: StandardArgsResult<TArgs>): ArgIssue[] => {
    if (result.issues !== undefined) return [...result.issues]
    if (typeof args === 'object' && args !== null) outputs.set(args, result.value)
    return []
  }
  const parse = (args: unknown): TArgs | Promise<TArgs> => {
    const result = validate(normalizeArgs(schema, args))
    return result instanceof Promise ? result.then(valueOf) : valueOf(result)
  }
  return {
    parameters,
    normalize: (args) => normalizeArgs(schema, args) as JsonValue,
    check(args) {
      const result = validate(args)
      return result instanceof Promise
        ? result.then((settled) => remember(args, settled))
        : remember(args, result)
    },
    accepted(args) {
      if (typeof args === 'object' && args !== null && outputs.has(args)) {
        return outputs.get(args) as TArgs
      }
      // Accepted arguments that are not an object (a schema whose JSON Schema says object but
      // whose validate admits more) cannot key the memo: validated again.
      return parse(args)
    },
    parse,
    matching(args) {
      if (typeof args === 'object' && args !== null && outputs.has(args)) {
        return outputs.get(args)
      }
      try {
        const result = validate(normalizeArgs(schema, args))
        if (result instanceof Promise) {
          // A presenter is synchronous: an async schema shows the generic card for arguments
          // step 4 has not accepted (an old log).
          result.catch(() => undefined)
          return undefined
        }
        return result.issues === undefined ? result.value : undefined
      } catch {
        return undefined
      }
    },
  }
}

/** A fresh, unfrozen copy of JSON arguments; anything else as it is, for validation to judge. */
function mutableCopy(args: unknown): unknown {
  try {
    return snapshotJson(args)
  } catch {
    return args
  }
}
