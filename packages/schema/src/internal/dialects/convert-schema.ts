import { snapshotJson } from '@toolpipe/core'
import {
  describeValue,
  formatJsonPath,
  isPlainObject,
  mostListedValues,
} from '@toolpipe/core/internal'
import type { JsonObject, JsonValue } from '@toolpipe/core'
import type { Dialect } from '../../dialect.js'
import type { DialectIssue } from '../../dialect-issue.js'
import { describedWords, keywordRules, strictLimits, supportedFormats } from './dialect-rules.js'
import type { KeywordRule } from './dialect-rules.js'

// Writes a JSON Schema of toolpipe's subset (SPEC §9.1) in a provider's dialect (SPEC §9.3). It
// works from JSON Schema, not from a spec, so a hand-written `parameters` object (an MCP tool's
// `inputSchema`) and, later, a Standard JSON Schema go through the same rules.

/** The dialects that convert; `json-schema` keeps a schema as written. */
type ConvertingDialect = Exclude<Dialect, 'json-schema'>

/** The dialects that take JSON Schema and so keep a keyword outside the subset as written. */
const takesJsonSchema: ReadonlySet<Dialect> = new Set<Dialect>(['openai', 'anthropic'])

interface Conversion {
  readonly dialect: ConvertingDialect
  readonly issues: DialectIssue[]
  readonly path: (string | number)[]
  /** OpenAI strict mode's counters (see `strictLimits`). */
  properties: number
  stringLength: number
  enumValues: number
  deepest: number
}

/** The schema in `dialect`, and every issue met, in order, depth first. */
export function convertSchema(
  schema: unknown,
  dialect: Dialect,
): { schema: JsonObject; issues: DialectIssue[] } {
  const copy = snapshotJson(schema)
  if (dialect === 'json-schema') {
    const issues: DialectIssue[] = []
    if (!isObjectRoot(copy)) issues.push(rootIssue('json-schema'))
    return { schema: isPlainObject(copy) ? copy : {}, issues }
  }
  const conversion: Conversion = {
    dialect,
    issues: [],
    path: [],
    properties: 0,
    stringLength: 0,
    enumValues: 0,
    deepest: 0,
  }
  if (!isPlainObject(copy) || !isObjectRoot(copy)) {
    conversion.issues.push(rootIssue(dialect))
    return { schema: { type: 'object' }, issues: conversion.issues }
  }
  const root: JsonObject = { ...copy }
  // No dialect but plain JSON Schema needs `$schema`; Gemini's Schema has no such field.
  delete root.$schema
  const converted = convertNode(root, conversion, 1) as JsonObject
  if (dialect === 'openai-strict') checkStrictLimits(conversion)
  return { schema: converted, issues: conversion.issues }
}

function isObjectRoot(value: JsonValue): boolean {
  return isPlainObject(value) && value.type === 'object'
}

function rootIssue(dialect: Dialect): DialectIssue {
  return {
    path: 'parameters',
    keyword: 'type',
    message: `the parameters of a tool must be an object schema ({ "type": "object", … }) in every dialect (${dialect})`,
    fatal: true,
  }
}

function place(conversion: Conversion, ...keys: (string | number)[]): string {
  return formatJsonPath([...conversion.path, ...keys], 'parameters')
}

function issue(conversion: Conversion, keyword: string, message: string, fatal: boolean): void {
  conversion.issues.push({ path: place(conversion), keyword, message, fatal })
}

function below<TResult>(
  conversion: Conversion,
  keys: readonly (string | number)[],
  body: () => TResult,
): TResult {
  conversion.path.push(...keys)
  try {
    return body()
  } finally {
    conversion.path.length -= keys.length
  }
}

/** A keyword outside toolpipe's subset: kept where the provider takes JSON Schema, else fatal. */
function outsideSubset(
  conversion: Conversion,
  keyword: string,
  value: JsonValue,
  into: JsonObject,
): void {
  if (takesJsonSchema.has(conversion.dialect)) {
    into[keyword] = value
    issue(
      conversion,
      keyword,
      `"${keyword}" is outside toolpipe's schema subset: sent to ${conversion.dialect} as written, without conversion`,
      false,
    )
  } else {
    issue(
      conversion,
      keyword,
      `"${keyword}" is outside toolpipe's schema subset and cannot be converted for ${conversion.dialect}`,
      true,
    )
  }
}

/** The type of a node: one name, and whether `null` is allowed too (`[T, "null"]`). */
interface NodeType {
  readonly name: string
  readonly nullable: boolean
}

function readType(value: JsonValue | undefined): NodeType | undefined {
  if (typeof value === 'string') return { name: value, nullable: false }
  if (Array.isArray(value) && value.length === 2 && value[1] === 'null') {
    const name = value[0]
    if (typeof name === 'string' && name !== 'null') return { name, nullable: true }
  }
  return undefined
}

/**
 * Converts one node. `depth` counts the objects and arrays from the root (the root is 1), for
 * OpenAI strict mode's nesting limit.
 */
/**
 * A `type` keyword as a message quotes it, `["string","number"]`: the first 20 entries of an
 * array, then how many more, so that the message does not grow with the schema.
 */
function typeKeywordText(type: JsonValue | undefined): string {
  if (!Array.isArray(type)) return describeValue(type)
  const shown = type.slice(0, mostListedValues).map(describeValue).join(',')
  const more = type.length - mostListedValues
  return more > 0 ? `[${shown},… and ${more} more]` : `[${shown}]`
}

function convertNode(node: JsonValue, conversion: Conversion, depth: number): JsonValue {
  if (!isPlainObject(node)) {
    if (takesJsonSchema.has(conversion.dialect)) return node
    issue(
      conversion,
      'type',
      `a schema node that is not an object (${describeValue(node)}) cannot be converted for ${conversion.dialect}`,
      true,
    )
    return {}
  }
  if ('anyOf' in node) return convertAnyOf(node, conversion, depth)
  const nodeType = readType(node.type)
  if (nodeType === undefined) {
    if (takesJsonSchema.has(conversion.dialect)) return node
    issue(
      conversion,
      'type',
      node.type === undefined
        ? `a node without "type" (any value) cannot be expressed in ${conversion.dialect}`
        : `"type" ${typeKeywordText(node.type)} cannot be expressed in ${conversion.dialect}: only one type, or [type, "null"]`,
      true,
    )
    return {}
  }
  return convertTyped(node, nodeType, conversion, depth)
}

function convertAnyOf(node: JsonObject, conversion: Conversion, depth: number): JsonObject {
  const out: JsonObject = {}
  const words: string[] = []
  for (const [keyword, value] of Object.entries(node)) {
    if (keyword === 'anyOf') {
      const members = Array.isArray(value) ? value : []
      // [OpenAI] "For anyOf, the nested schemas must each be a valid JSON Schema per this
      // subset"; [Gemini] Schema.anyOf.
      out.anyOf = members.map((member, index) =>
        below(conversion, ['anyOf', index], () => convertNode(member, conversion, depth)),
      )
    } else if (keyword === 'format') {
      convertFormat(value, undefined, node, out, words, conversion)
    } else if (!annotation(keyword, value, out, words, conversion)) {
      outsideSubset(conversion, keyword, value, out)
    }
  }
  return withWords(out, words)
}

/** The keywords beside `anyOf` that follow their rule; any other is outside the subset there. */
const annotationKeywords: readonly string[] = ['description', 'title', 'default', 'examples']

/** Handles an annotation keyword by its rule; `false` when `keyword` is not one. */
function annotation(
  keyword: string,
  value: JsonValue,
  out: JsonObject,
  words: string[],
  conversion: Conversion,
): boolean {
  const rules = annotationKeywords.includes(keyword) ? keywordRules[keyword] : undefined
  if (rules === undefined) return false
  applyRule(keyword, rules[conversion.dialect], value, out, words, conversion)
  return true
}

function applyRule(
  keyword: string,
  rule: KeywordRule,
  value: JsonValue,
  out: JsonObject,
  words: string[],
  conversion: Conversion,
): void {
  if (rule === 'native') {
    out[keyword] = value
    return
  }
  const text = describedWords(keyword, value)
  words.push(text)
  issue(
    conversion,
    keyword,
    `"${keyword}" is not supported by ${conversion.dialect}: moved into the description as "${text}"; the arguments are still checked against it`,
    false,
  )
}

/** A keyword of the subset by its rule in the table; any other is outside the subset. */
function applyKeyword(
  keyword: string,
  value: JsonValue,
  out: JsonObject,
  words: string[],
  conversion: Conversion,
): void {
  // Own members only: a keyword named `constructor` or `toString` is no rule of the table.
  const rules = Object.hasOwn(keywordRules, keyword) ? keywordRules[keyword] : undefined
  if (rules === undefined) outsideSubset(conversion, keyword, value, out)
  else applyRule(keyword, rules[conversion.dialect], value, out, words, conversion)
}

/** Appends the words of moved keywords to the node's description. */
function withWords(out: JsonObject, words: readonly string[]): JsonObject {
  if (words.length === 0) return out
  const text = words.join('; ')
  const description = out.description
  out.description = typeof description === 'string' ? `${description} (${text})` : text
  return out
}

function convertTyped(
  node: JsonObject,
  nodeType: NodeType,
  conversion: Conversion,
  depth: number,
): JsonObject {
  const { dialect } = conversion
  const out: JsonObject = {}
  const words: string[] = []
  const container = nodeType.name === 'object' || nodeType.name === 'array'
  const nodeDepth = container ? depth + 1 : depth
  if (container) conversion.deepest = Math.max(conversion.deepest, depth)
  writeType(nodeType, out, conversion)
  for (const [keyword, value] of Object.entries(node)) {
    switch (keyword) {
      case 'type':
        break
      case 'properties':
        out.properties = convertProperties(value, conversion, nodeDepth)
        break
      case 'required':
        out.required = value
        break
      case 'additionalProperties':
        convertAdditionalProperties(value, out, conversion)
        break
      case 'items':
        out.items = below(conversion, ['items'], () => convertNode(value, conversion, nodeDepth))
        break
      case 'enum':
        convertEnum(value, nodeType, out, conversion)
        break
      case 'const':
        convertConst(value, out, conversion)
        break
      case 'format':
        convertFormat(value, nodeType, node, out, words, conversion)
        break
      case 'exclusiveMinimum':
      case 'exclusiveMaximum':
        convertExclusive(keyword, value, nodeType, node, out, words, conversion)
        break
      default:
        // An exclusive bound Gemini wrote as this inclusive one already holds the tighter value
        // (only Gemini's convertExclusive writes `minimum` or `maximum` before their own keyword).
        if ((keyword === 'minimum' || keyword === 'maximum') && keyword in out) break
        applyKeyword(keyword, value, out, words, conversion)
    }
  }
  if (nodeType.name === 'object') finishObject(node, out, conversion)
  if (nodeType.name === 'array' && !('items' in node) && dialect !== 'anthropic') {
    // [OpenAI] the API refuses `{"type": "array"}` with "array schema missing items" (the error
    // quoted in sigoden/aichat#1049 and modelscope/ms-agent#610, without strict); [Gemini]
    // "parameters.properties[x].items: missing field" (cline/cline#7339). Neither document says
    // it in words: the errors do.
    issue(
      conversion,
      'items',
      `an array without "items" cannot be sent to ${dialect === 'gemini' ? 'Gemini' : 'OpenAI'}: the API refuses it ("array schema missing items" / "items: missing field"); declare its items`,
      true,
    )
  }
  return withWords(out, words)
}

/** `type`, in the dialect's form of a nullable node. */
function writeType(nodeType: NodeType, out: JsonObject, conversion: Conversion): void {
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

function convertProperties(value: JsonValue, conversion: Conversion, depth: number): JsonValue {
  if (!isPlainObject(value)) return value
  const out: JsonObject = {}
  for (const [name, member] of Object.entries(value)) {
    conversion.properties++
    conversion.stringLength += name.length
    out[name] = below(conversion, ['properties', name], () =>
      convertNode(member, conversion, depth),
    )
  }
  return out
}

function convertAdditionalProperties(
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
 * What an object node needs in its dialect. [OpenAI] strict: "additionalProperties: false must
 * always be set in objects" and "all fields or function parameters must be specified as
 * required"; an optional one becomes nullable ("emulate an optional parameter by using a union
 * type with null"), which the pipeline turns back into an absent member (SPEC §9.3). [Gemini] an
 * object without members has no `properties` (the API answers "properties: should be non-empty
 * for OBJECT type", pipecat-ai/pipecat-flows#110).
 */
function finishObject(node: JsonObject, out: JsonObject, conversion: Conversion): void {
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
  // JSON Schema checks `enum` on null too.
  if (Array.isArray(member.enum)) nullable.enum = [...member.enum, null]
  return nullable
}

function acceptsNull(node: JsonObject): boolean {
  if (Array.isArray(node.anyOf)) {
    return node.anyOf.some((member) => isPlainObject(member) && acceptsNull(member))
  }
  if (node.type === 'null') return true
  const nodeType = readType(node.type)
  if (nodeType?.nullable !== true) return false
  return !Array.isArray(node.enum) || node.enum.includes(null)
}

function convertEnum(
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
function convertFormat(
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
  const taken = dialect === 'gemini' && nodeType?.name === 'integer' && 'enum' in node
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

function convertConst(value: JsonValue, out: JsonObject, conversion: Conversion): void {
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
function convertExclusive(
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
    const existing = node[target]
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

function checkStrictLimits(conversion: Conversion): void {
  const fatal = (keyword: string, message: string): void => {
    conversion.issues.push({ path: 'parameters', keyword, message, fatal: true })
  }
  if (conversion.properties > strictLimits.properties) {
    fatal(
      'properties',
      `${conversion.properties} object properties in all is past OpenAI strict mode's limit of ${strictLimits.properties}`,
    )
  }
  if (conversion.deepest > strictLimits.nesting) {
    fatal(
      'properties',
      `${conversion.deepest} levels of nested objects and arrays is past OpenAI strict mode's limit of ${strictLimits.nesting}`,
    )
  }
  if (conversion.stringLength > strictLimits.stringLength) {
    fatal(
      'enum',
      `${conversion.stringLength} characters of property names, enum and const values is past OpenAI strict mode's limit of ${strictLimits.stringLength}`,
    )
  }
  if (conversion.enumValues > strictLimits.enumValues) {
    fatal(
      'enum',
      `${conversion.enumValues} enum values in all is past OpenAI strict mode's limit of ${strictLimits.enumValues}`,
    )
  }
}
