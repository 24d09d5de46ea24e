import type { JsonObject, JsonValue } from '@toolpipe/core'
import { issue, ownMember } from './conversion.js'
import type { Conversion, NodeType } from './conversion.js'
import { describedWords, strictLimits, supportedFormats } from './dialect-rules.js'

// The keywords whose conversion depends on the dialect beyond the table's rules
// (dialect-rules.ts): each writes what its dialect takes into `out`, and notes what it changed.

/** `type`, in the dialect's form of a nullable node. */
export function writeType(nodeType: NodeType, out: JsonObject, conversion: Conversion): void {
  if (conversion.dialect === 'gemini') {
    if (nodeType.name === 'null') {
      // [Gemini] js-genai's processJsonSchema: "type: null can not be the only possible type".
      issue(conversion, 'type', 'a node of type "null" alone cannot be expressed in Gemini', true)
      return
    }
    // [Gemini] Schema.nullable: "Indicates if the value of this field can be null"; the SDK turns
    // a type array with "null" into `nullable: true` the same way.
    out.type = nodeType.name
    if (nodeType.nullable) out.nullable = true
    return
  }
  // [OpenAI] "it is possible to emulate an optional parameter by using a union type with null"
  // (type: ["string", "null"]).
  out.type = nodeType.nullable ? [nodeType.name, 'null'] : nodeType.name
}

/** `additionalProperties`: kept, except by Gemini (which has none) and strict mode (finishObject). */
export function convertAdditionalProperties(
  value: JsonValue,
  out: JsonObject,
  conversion: Conversion,
): void {
  if (conversion.dialect === 'gemini') {
    // [Gemini] Schema has no additionalProperties, and js-genai's processJsonSchema skips it.
    if (value === false) {
      issue(
        conversion,
        'additionalProperties',
        'Gemini has no "additionalProperties": left out; the arguments are still checked against it',
        false,
      )
    }
    return
  }
  // OpenAI strict mode writes its own (finishObject); the others keep it.
  if (conversion.dialect !== 'openai-strict') out.additionalProperties = value
}

/**
 * `enum`, counted for strict mode's limits. [Gemini] enums hold strings: an integer enum is written
 * as strings with `format: "enum"`, any other kind cannot be expressed.
 */
export function convertEnum(
  value: JsonValue,
  nodeType: NodeType,
  out: JsonObject,
  conversion: Conversion,
): void {
  const members = Array.isArray(value) ? value : []
  conversion.enumValues += members.length
  let length = 0
  for (const member of members) if (typeof member === 'string') length += member.length
  conversion.stringLength += length
  if (
    conversion.dialect === 'openai-strict' &&
    members.length > strictLimits.bigEnumCount &&
    length > strictLimits.bigEnumLength
  ) {
    issue(
      conversion,
      'enum',
      `an enum of ${members.length} strings totalling ${length} characters is past OpenAI strict mode's limit (more than ${strictLimits.bigEnumCount} values: at most ${strictLimits.bigEnumLength} characters)`,
      true,
    )
  }
  if (conversion.dialect !== 'gemini') {
    out.enum = value
    return
  }
  // [Gemini] Schema.enum is string[]; `null` is said by `nullable` instead.
  const listed = members.filter((member) => member !== null)
  if (nodeType.name === 'string') {
    out.enum = listed
  } else if (nodeType.name === 'integer') {
    // [Gemini] Schema.enum: "To define apartment numbers: {type:INTEGER, format:enum,
    // enum:["101", "201", "301"]}" — the documented form of an integer enum.
    out.format = 'enum'
    out.enum = listed.map((member) => JSON.stringify(member))
  } else {
    issue(
      conversion,
      'enum',
      `Gemini enums hold strings, and only an integer enum may be written as strings (format "enum"); a ${nodeType.name} enum cannot be expressed`,
      true,
    )
  }
}

/**
 * `format` (SPEC §22): kept where the dialect documents the value for the node's type (see
 * `supportedFormats`), or takes JSON Schema as it is; moved into the description otherwise, never
 * fatal. Our validator does not check formats (a Standard Schema's own `validate` does, as zod
 * checks `z.email()`), so the words say what the model should send and nothing more.
 *
 * @param nodeType - the node's type; `undefined` beside `anyOf`, where no format is documented
 */
export function convertFormat(
  value: JsonValue,
  nodeType: NodeType | undefined,
  node: JsonObject,
  out: JsonObject,
  words: string[],
  conversion: Conversion,
): void {
  const { dialect } = conversion
  if (dialect === 'openai' || dialect === 'anthropic') {
    out.format = value
    return
  }
  const byType = supportedFormats[dialect]
  const supported =
    nodeType !== undefined && Object.hasOwn(byType, nodeType.name) ? byType[nodeType.name] : []
  // Gemini writes an integer enum as strings with its own `format: "enum"` (convertEnum).
  const taken = dialect === 'gemini' && nodeType?.name === 'integer' && Object.hasOwn(node, 'enum')
  if (!taken && typeof value === 'string' && supported?.includes(value) === true) {
    out.format = value
    return
  }
  const text = describedWords('format', value)
  words.push(text)
  issue(
    conversion,
    'format',
    `format ${JSON.stringify(value)} is not supported by ${dialect}${nodeType === undefined ? '' : ` on ${nodeType.name === 'integer' ? 'an' : 'a'} ${nodeType.name}`}: moved into the description as "${text}"`,
    false,
  )
}

/** `const`, counted for strict mode's limits. [Gemini] a string constant is a one-member enum. */
export function convertConst(value: JsonValue, out: JsonObject, conversion: Conversion): void {
  if (typeof value === 'string') conversion.stringLength += value.length
  if (conversion.dialect !== 'gemini') {
    out.const = value
    return
  }
  // [Gemini] Schema has no `const` ("Unknown name \"const\"", zed-industries/zed#44875): a
  // string constant is a one-member enum.
  if (typeof value === 'string') {
    out.enum = [value]
    issue(conversion, 'const', 'Gemini has no "const": written as a one-member enum', false)
  } else {
    issue(conversion, 'const', 'Gemini has no "const", and only strings make an enum', true)
  }
}

/**
 * `exclusiveMinimum`/`exclusiveMaximum`. [Gemini] Schema has neither: on an integer they become
 * the equivalent inclusive bound (exact: no integer lies between), on a number words.
 */
export function convertExclusive(
  keyword: 'exclusiveMinimum' | 'exclusiveMaximum',
  value: JsonValue,
  nodeType: NodeType,
  node: JsonObject,
  out: JsonObject,
  words: string[],
  conversion: Conversion,
): void {
  if (conversion.dialect !== 'gemini') {
    // [OpenAI] "Supported number properties" lists both.
    out[keyword] = value
    return
  }
  const bound = typeof value === 'number' ? value : 0
  if (nodeType.name === 'integer') {
    const low = keyword === 'exclusiveMinimum'
    const inclusive = low ? Math.floor(bound) + 1 : Math.ceil(bound) - 1
    const target = low ? 'minimum' : 'maximum'
    const existing = ownMember(node, target)
    const tighter =
      typeof existing !== 'number'
        ? inclusive
        : low
          ? Math.max(existing, inclusive)
          : Math.min(existing, inclusive)
    out[target] = tighter
    issue(
      conversion,
      keyword,
      `Gemini has no "${keyword}": written as ${target} ${tighter}, the same bound on integers`,
      false,
    )
    return
  }
  const text = describedWords(keyword, value)
  words.push(text)
  issue(
    conversion,
    keyword,
    `Gemini has no "${keyword}": moved into the description as "${text}"; the arguments are still checked against it`,
    false,
  )
}
