import { isPlainObject } from '@toolpipe/core/internal'
import type { JsonObject, JsonValue } from '@toolpipe/core'
import { issue, readType } from './conversion.js'
import type { Conversion } from './conversion.js'

/**
 * What an object node needs in its dialect. [OpenAI] strict: "additionalProperties: false must
 * always be set in objects" and "all fields or function parameters must be specified as
 * required"; an optional one becomes nullable ("emulate an optional parameter by using a union
 * type with null"), which the pipeline turns back into an absent member (SPEC §9.3). [Gemini] an
 * object without members has no `properties` (the API answers "properties: should be non-empty
 * for OBJECT type", pipecat-ai/pipecat-flows#110).
 */
export function finishObject(node: JsonObject, out: JsonObject, conversion: Conversion): void {
  const properties = isPlainObject(out.properties) ? out.properties : undefined
  if (conversion.dialect === 'gemini') {
    if (properties !== undefined && Object.keys(properties).length === 0) {
      delete out.properties
      if (Array.isArray(out.required) && out.required.length === 0) delete out.required
    }
    return
  }
  if (conversion.dialect !== 'openai-strict') return
  if (properties === undefined || node.additionalProperties === true) {
    issue(
      conversion,
      'properties',
      'a free-form object (no "properties", or additionalProperties allowed) cannot be expressed in OpenAI strict mode, which needs every member listed and additionalProperties: false; declare its properties',
      true,
    )
    return
  }
  const required = new Set(Array.isArray(node.required) ? node.required : [])
  for (const [name, member] of Object.entries(properties)) {
    if (!required.has(name)) properties[name] = nullableForm(member)
  }
  out.required = Object.keys(properties)
  out.additionalProperties = false
}

/** A member made nullable for strict mode (already nullable ones stay as they are). */
function nullableForm(member: JsonValue): JsonValue {
  if (!isPlainObject(member) || acceptsNull(member)) return member
  if (Array.isArray(member.anyOf)) {
    // openai/openai-agents-js packages/agents-core/src/utils/strictToolSchema.ts
    // (wrapNullableSchema) writes the same: an extra { "type": "null" } alternative.
    return { ...member, anyOf: [...member.anyOf, { type: 'null' }] }
  }
  const nodeType = readType(member.type)
  if (nodeType === undefined) return member
  const nullable: JsonObject = { ...member, type: [nodeType.name, 'null'] }
  // JSON Schema checks `enum` on null too; an enum that lists it already keeps its one `null`.
  if (Array.isArray(member.enum) && !member.enum.includes(null)) {
    nullable.enum = [...member.enum, null]
  }
  return nullable
}

/** Whether a node already accepts `null` (a nullable type whose enum lists it, or an alternative). */
function acceptsNull(node: JsonObject): boolean {
  if (Array.isArray(node.anyOf)) {
    return node.anyOf.some((member) => isPlainObject(member) && acceptsNull(member))
  }
  if (node.type === 'null') return true
  const nodeType = readType(node.type)
  if (nodeType?.nullable !== true) return false
  return !Array.isArray(node.enum) || node.enum.includes(null)
}
