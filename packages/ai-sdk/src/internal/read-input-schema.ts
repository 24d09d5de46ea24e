import { JsonSnapshotError, snapshotJson } from '@toolpipe/core'
import { describeThrown } from '@toolpipe/core/internal'
import { isStandardSchema } from '@toolpipe/schema'
import type { StandardToolSchema } from '@toolpipe/schema'
import { assertSupportedOutputSchema, validateStructuredValue } from '@toolpipe/structured-output'
import type { StructuredOutputSchema } from '@toolpipe/structured-output'
import { asSchema } from 'ai'
import type { FlexibleSchema, Schema } from 'ai'
import { AiSdkBridgeError } from '../ai-sdk-bridge-error.js'

/** The props of a Standard Schema that `defineTool` takes as parameters. */
type StandardProps = StandardToolSchema['~standard']

/** What a Standard Schema's `validate` returns, settled. */
type StandardResult = Awaited<ReturnType<StandardProps['validate']>>

/** One issue of a failed Standard result. */
type StandardIssue = NonNullable<StandardResult['issues']>[number]

/** What the AI SDK's `validate` of a schema returns, settled. */
type AiSdkValidation = Awaited<ReturnType<NonNullable<Schema['validate']>>>

/**
 * An AI SDK tool's `inputSchema` as the parameters of a `defineTool` tool (SPEC §10), so that
 * step 4 checks every call by the tool's own schema and the tool receives the schema's output:
 *
 * - a Standard Schema with a JSON Schema side (zod 4, arktype 2, valibot with
 *   `toStandardJsonSchema`) as it is;
 * - any other schema the AI SDK takes (`jsonSchema()`, `zodSchema()`, a lazy schema, zod 3) read
 *   as the AI SDK reads it (`asSchema`), as a Standard Schema of vendor `ai-sdk` whose JSON Schema
 *   is the one the AI SDK would send and whose `validate` is the schema's own. A schema without
 *   `validate` (`jsonSchema()` alone) is checked by toolpipe's engine when its JSON Schema lies
 *   inside the supported subset, and, like the AI SDK, not at all otherwise.
 *
 * @throws AiSdkBridgeError (`UNSUPPORTED_TOOL`) for a schema whose JSON Schema cannot be read, is
 * only known asynchronously, is not JSON, or is not an object schema
 */
export function readInputSchema(
  name: string,
  inputSchema: FlexibleSchema | undefined,
  what: string,
): StandardToolSchema {
  if (isStandardSchema(inputSchema) && hasJsonSchemaSide(inputSchema)) {
    return inputSchema as unknown as StandardToolSchema
  }
  const refuse = (why: string, cause?: unknown): AiSdkBridgeError =>
    new AiSdkBridgeError(`${what}: tool "${name}": ${why}`, 'UNSUPPORTED_TOOL', { cause })
  let schema: Schema
  let jsonSchema: unknown
  try {
    schema = asSchema(inputSchema)
    jsonSchema = schema.jsonSchema
  } catch (error) {
    throw refuse(`its input schema has no JSON Schema: ${describeThrown(error)}`, error)
  }
  if (isPromiseLike(jsonSchema)) {
    throw refuse(
      'its input schema is only known asynchronously; await it and pass jsonSchema(schema) with the result',
    )
  }
  let parameters: unknown
  try {
    parameters = snapshotJson(jsonSchema)
  } catch (error) {
    if (!(error instanceof JsonSnapshotError)) throw error
    throw refuse(`its input schema is not JSON: ${error.message}`, error)
  }
  if (
    typeof parameters !== 'object' ||
    parameters === null ||
    Array.isArray(parameters) ||
    (parameters as { type?: unknown }).type !== 'object'
  ) {
    throw refuse('its input schema must be an object schema (type "object"), as tool inputs are')
  }
  const written = parameters as Record<string, unknown>
  const validate = schema.validate
  const props: StandardProps = {
    version: 1,
    vendor: 'ai-sdk',
    validate:
      validate === undefined
        ? engineValidator(written)
        : (value) => {
            const validation = validate.call(schema, value)
            return isPromiseLike(validation)
              ? Promise.resolve(validation).then(fromAiSdkValidation)
              : fromAiSdkValidation(validation)
          },
    // The JSON Schema the AI SDK would send, whatever the target asked for (the AI SDK writes
    // draft-07; the keywords tool schemas use read the same in 2020-12).
    jsonSchema: { input: () => written, output: () => written },
  }
  return { '~standard': props }
}

/** Whether a Standard Schema also writes JSON Schema (Standard JSON Schema v1). */
function hasJsonSchemaSide(schema: object): boolean {
  const props = (schema as { '~standard'?: { jsonSchema?: unknown } })['~standard']
  return typeof props?.jsonSchema === 'object' && props.jsonSchema !== null
}

/**
 * A `validate` for a JSON Schema given without one: toolpipe's engine when the schema lies inside
 * the subset it supports, else one that accepts everything, as the AI SDK does.
 */
function engineValidator(schema: Record<string, unknown>): StandardProps['validate'] {
  try {
    assertSupportedOutputSchema(schema)
  } catch {
    return (value) => ({ value })
  }
  const supported = schema as unknown as StructuredOutputSchema
  return (value) => {
    const issues = validateStructuredValue(supported, value)
    return issues.length === 0
      ? { value }
      : { issues: issues.map(({ message, path }) => ({ message, path })) }
  }
}

/** An AI SDK validation as a Standard result: the failure's own issues when it carries them. */
function fromAiSdkValidation(validation: AiSdkValidation): StandardResult {
  if (validation.success) return { value: validation.value }
  return { issues: issuesOf(validation.error) }
}

/**
 * The issues an AI SDK validation error carries: a zod error's `issues`, the Standard issues the
 * AI SDK keeps as a `TypeValidationError`'s `cause`, or else one issue with the error's message.
 */
function issuesOf(error: unknown): readonly StandardIssue[] {
  const carried = (error as { issues?: unknown } | null)?.issues
  if (isIssueList(carried)) return carried
  const cause = (error as { cause?: unknown } | null)?.cause
  if (isIssueList(cause)) return cause
  return [{ message: describeThrown(error) }]
}

function isIssueList(value: unknown): value is readonly StandardIssue[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (issue) =>
        typeof issue === 'object' &&
        issue !== null &&
        typeof (issue as { message?: unknown }).message === 'string',
    )
  )
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  )
}
