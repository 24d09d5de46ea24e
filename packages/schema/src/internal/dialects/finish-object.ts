import { canonicalJson, isPlainObject } from '@toolpipe/core/internal'
import type { JsonObject, JsonValue } from '@toolpipe/core'
import { issue, ownMember, readType } from './conversion.js'
import type { Conversion } from './conversion.js'

/**
 * What an object node needs in its dialect. [OpenAI] strict: "additionalProperties: false must
 * always be set in objects" and "all fields or function parameters must be specified as
 * required"; an optional one becomes nullable ("emulate an optional parameter by using a union
 * type with null"), which the pipeline turns back into an absent member (SPEC §9.3). [Gemini] an
 * object without members has no `properties` (the API answers "properties: should be non-empty
 * for OBJECT type", pipecat-ai/pipecat-flows#110). Every member is read as the node's own: a
 * polluted `Object.prototype` changes nothing.
 */
export function finishObject(node: JsonObject, out: JsonObject, conversion: Conversion): void {
  const written = ownMember(out, 'properties')
  const properties = isPlainObject(written) ? written : undefined
  if (conversion.dialect === 'gemini') {
    if (properties !== undefined && Object.keys(properties).length === 0) {
      delete out.properties
      const required = ownMember(out, 'required')
      if (Array.isArray(required) && required.length === 0) delete out.required
    }
    return
  }
  if (conversion.dialect !== 'openai-strict') return
  const members = properties ?? closedWithoutMembers(node, out)
  if (members === undefined || allowsOtherMembers(node)) {
    issue(
      conversion,
      'properties',
      'a free-form object (no "properties", or additionalProperties allowed) cannot be expressed in OpenAI strict mode, which needs every member listed and additionalProperties: false; declare its properties',
      true,
    )
    return
  }
  const listed = ownMember(node, 'required')
  const required = new Set(Array.isArray(listed) ? listed : [])
  for (const [name, member] of Object.entries(members)) {
    if (!required.has(name)) members[name] = nullableForm(member)
  }
  out.required = Object.keys(members)
  out.additionalProperties = false
}

/**
 * Whether an object admits members it does not list: `additionalProperties` `true` or a schema
 * of its own (zod's `.catchall()`, a string map). Strict mode has no form for either (SPEC §9.3:
 * "a free-form object" is fatal); closing it silently would refuse every argument the model was
 * meant to send.
 */
function allowsOtherMembers(node: JsonObject): boolean {
  const others = ownMember(node, 'additionalProperties')
  return others !== undefined && others !== false
}

/**
 * The empty `properties` of an object written `{ type: 'object', additionalProperties: false }`
 * with no `properties` at all: it accepts `{}` alone, which strict mode expresses as the DSL's
 * empty object is written (`properties: {}`, `required: []`). `undefined` for any other object
 * without `properties` (one that takes any member is free-form).
 */
function closedWithoutMembers(node: JsonObject, out: JsonObject): JsonObject | undefined {
  if (Object.hasOwn(node, 'properties') || ownMember(node, 'additionalProperties') !== false) {
    return undefined
  }
  const members: JsonObject = {}
  out.properties = members
  return members
}

/** A member made nullable for strict mode (already nullable ones stay as they are). */
function nullableForm(member: JsonValue): JsonValue {
  if (!isPlainObject(member) || acceptsNull(member)) return member
  const alternatives = ownMember(member, 'anyOf')
  if (Array.isArray(alternatives)) {
    // openai/openai-agents-js packages/agents-core/src/utils/strictToolSchema.ts
    // (wrapNullableSchema) writes the same: an extra { "type": "null" } alternative.
    return { ...member, anyOf: [...alternatives, { type: 'null' }] }
  }
  const nodeType = readType(ownMember(member, 'type'))
  if (nodeType === undefined) return member
  const nullable: JsonObject = { ...member, type: [nodeType.name, 'null'] }
  const listed = nullableEnum(member)
  if (listed !== undefined) nullable.enum = listed
  // `const` refuses null whatever the type says: its value moves into the enum beside `null`.
  if (Object.hasOwn(member, 'const')) delete nullable.const
  return nullable
}

/**
 * The `enum` of a member made nullable, `undefined` when it needs none. JSON Schema checks `enum`
 * and `const` on null too, so null joins them: an enum that lists it already keeps its one
 * `null`, and a `const` becomes a two-member enum, `[value, null]` (inside the enum's own members
 * when there is one too). [OpenAI] "Supported schemas" lists Enum among the supported types and
 * no `const`: an optional `z.literal('fast')` becomes `enum: ['fast', null]`.
 */
function nullableEnum(member: JsonObject): JsonValue[] | undefined {
  const listed = ownMember(member, 'enum')
  if (!Object.hasOwn(member, 'const')) {
    if (!Array.isArray(listed) || listed.includes(null)) return undefined
    return [...listed, null]
  }
  const constant = ownMember(member, 'const') ?? null
  const admitted =
    !Array.isArray(listed) ||
    listed.some((value) => canonicalJson(value) === canonicalJson(constant))
  return constant === null || !admitted ? [null] : [constant, null]
}

/**
 * Whether a node already accepts `null` (a nullable type whose `enum` lists it and whose `const`,
 * if any, is null; or an alternative that does).
 */
function acceptsNull(node: JsonObject): boolean {
  const alternatives = ownMember(node, 'anyOf')
  if (Array.isArray(alternatives)) {
    return alternatives.some((member) => isPlainObject(member) && acceptsNull(member))
  }
  const type = ownMember(node, 'type')
  if (type === 'null') return true
  if (readType(type)?.nullable !== true) return false
  if (Object.hasOwn(node, 'const') && ownMember(node, 'const') !== null) return false
  const listed = ownMember(node, 'enum')
  return !Array.isArray(listed) || listed.includes(null)
}
