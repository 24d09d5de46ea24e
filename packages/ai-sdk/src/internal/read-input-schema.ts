import { JsonSnapshotError, snapshotJson } from '@toolpipe/core'
import { describeThrown } from '@toolpipe/core/internal'
import type { ToolParameters } from '@toolpipe/tools'
import { asSchema } from 'ai'
import type { FlexibleSchema, Schema } from 'ai'
import { AiSdkBridgeError } from '../ai-sdk-bridge-error.js'

/** An AI SDK tool's input schema, read once at registration. */
export interface InputSchema {
  /** The JSON Schema the model is shown: an object schema, as the AI SDK writes it. */
  readonly parameters: ToolParameters
  /** The schema's own `validate`, when it has one. */
  readonly validate: Schema['validate']
}

/**
 * Reads an AI SDK tool's `inputSchema` (`jsonSchema()`, `zodSchema()`, a lazy schema, a zod or
 * other Standard Schema) the way the AI SDK itself does (`asSchema`), into the JSON Schema the
 * registry shows the model and the schema's `validate`.
 *
 * @throws AiSdkBridgeError (`UNSUPPORTED_TOOL`) for a schema whose JSON Schema cannot be read, is
 * only known asynchronously, is not JSON, or is not an object schema
 */
export function readInputSchema(
  name: string,
  inputSchema: FlexibleSchema | undefined,
  what: string,
): InputSchema {
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
  return { parameters: parameters as ToolParameters, validate: schema.validate }
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  )
}
