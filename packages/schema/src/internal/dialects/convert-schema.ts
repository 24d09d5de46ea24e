import { JsonSnapshotError, snapshotJson } from '@toolpipe/core'
import {
  describeThrown,
  describeValue,
  isPlainObject,
  mostListedValues,
  setMember,
} from '@toolpipe/core/internal'
import type { JsonObject, JsonValue } from '@toolpipe/core'
import type { Dialect } from '../../dialect.js'
import type { DialectIssue } from '../../dialect-issue.js'
import { checkStrictLimits } from './check-strict-limits.js'
import {
  applyRule,
  below,
  issue,
  outsideSubset,
  ownMember,
  readType,
  takesJsonSchema,
  withWords,
} from './conversion.js'
import type { Conversion, NodeType } from './conversion.js'
import {
  convertAdditionalProperties,
  convertConst,
  convertEnum,
  convertExclusive,
  convertFormat,
  writeType,
} from './convert-keywords.js'
import { keywordRules } from './dialect-rules.js'
import { finishObject } from './finish-object.js'
import { foldNullMembers } from './fold-null-members.js'

// Writes a JSON Schema of toolpipe's subset (SPEC §9.1) in a provider's dialect (SPEC §9.3). It
// works from JSON Schema, not from a spec, so a hand-written `parameters` object (an MCP tool's
// `inputSchema`) and, later, a Standard JSON Schema go through the same rules. The walk is here;
// the keywords a dialect writes its own way are in convert-keywords.ts, an object's last touches
// in finish-object.ts, strict mode's limits in check-strict-limits.ts.

/** The schema in `dialect`, and every issue met, in order, depth first. */
export function convertSchema(
  schema: unknown,
  dialect: Dialect,
): { schema: JsonObject; issues: DialectIssue[] } {
  const copy = readSchema(schema)
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

/**
 * A detached JSON copy of `schema`. SPEC §11: a hostile schema (a getter or Proxy trap that
 * throws, a revoked Proxy) gives the error this function gives any schema that is not JSON data,
 * `JsonSnapshotError` (`NOT_JSON`), with what was thrown as its `cause`, never the raw throw.
 */
function readSchema(schema: unknown): JsonValue {
  try {
    return snapshotJson(schema)
  } catch (error) {
    if (error instanceof JsonSnapshotError) throw error
    throw new JsonSnapshotError(
      '$',
      `the schema could not be read (a getter or Proxy trap threw): ${describeThrown(error)}`,
      { cause: error },
    )
  }
}

function isObjectRoot(value: JsonValue): boolean {
  return isPlainObject(value) && ownMember(value, 'type') === 'object'
}

function rootIssue(dialect: Dialect): DialectIssue {
  return {
    path: 'parameters',
    keyword: 'type',
    message: `the parameters of a tool must be an object schema ({ "type": "object", … }) in every dialect (${dialect})`,
    fatal: true,
  }
}

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

/**
 * Converts one node. `depth` counts the objects and arrays from the root (the root is 1), for
 * OpenAI strict mode's nesting limit.
 */
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
  // Own members only, here and below: a polluted Object.prototype (an `anyOf`, an `items` or an
  // `additionalProperties` defined there) must not change what a schema says.
  if (Object.hasOwn(node, 'anyOf')) return convertAnyOf(node, conversion, depth)
  const type = ownMember(node, 'type')
  const nodeType = readType(type)
  if (nodeType === undefined) {
    if (takesJsonSchema.has(conversion.dialect)) return node
    issue(
      conversion,
      'type',
      type === undefined
        ? `a node without "type" (any value) cannot be expressed in ${conversion.dialect}`
        : `"type" ${typeKeywordText(type)} cannot be expressed in ${conversion.dialect}: only one type, or [type, "null"]`,
      true,
    )
    return {}
  }
  return convertTyped(node, nodeType, conversion, depth)
}

function convertAnyOf(node: JsonObject, conversion: Conversion, depth: number): JsonObject {
  const alternatives = ownMember(node, 'anyOf')
  const members = Array.isArray(alternatives) ? alternatives : []
  const convertMember = (index: number): JsonValue =>
    below(conversion, ['anyOf', index], () =>
      convertNode(members[index] ?? null, conversion, depth),
    )
  // [Gemini] no "null" type: a `{ type: 'null' }` member is `nullable: true` (fold-null-members.ts).
  // The node's own annotations, written after, win over the folded member's.
  const folded =
    conversion.dialect === 'gemini' ? foldNullMembers(members, convertMember) : undefined
  const out: JsonObject = folded ?? {}
  const words: string[] = []
  for (const [keyword, value] of Object.entries(node)) {
    if (keyword === 'anyOf') {
      // [OpenAI] "For anyOf, the nested schemas must each be a valid JSON Schema per this
      // subset"; [Gemini] Schema.anyOf.
      if (folded === undefined) out.anyOf = members.map((_, index) => convertMember(index))
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

function convertTyped(
  node: JsonObject,
  nodeType: NodeType,
  conversion: Conversion,
  depth: number,
): JsonObject {
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
        if ((keyword === 'minimum' || keyword === 'maximum') && Object.hasOwn(out, keyword)) break
        applyKeyword(keyword, value, out, words, conversion)
    }
  }
  if (nodeType.name === 'object') finishObject(node, out, conversion)
  if (nodeType.name === 'array' && !Object.hasOwn(node, 'items')) checkArrayWithoutItems(conversion)
  return withWords(out, words)
}

/**
 * [OpenAI] the API refuses `{"type": "array"}` with "array schema missing items" (the error
 * quoted in sigoden/aichat#1049 and modelscope/ms-agent#610, without strict); [Gemini]
 * "parameters.properties[x].items: missing field" (cline/cline#7339). Neither document says it
 * in words: the errors do. Anthropic takes it.
 */
function checkArrayWithoutItems(conversion: Conversion): void {
  const { dialect } = conversion
  if (dialect === 'anthropic') return
  issue(
    conversion,
    'items',
    `an array without "items" cannot be sent to ${dialect === 'gemini' ? 'Gemini' : 'OpenAI'}: the API refuses it ("array schema missing items" / "items: missing field"); declare its items`,
    true,
  )
}

function convertProperties(value: JsonValue, conversion: Conversion, depth: number): JsonValue {
  if (!isPlainObject(value)) return value
  const out: JsonObject = {}
  for (const [name, member] of Object.entries(value)) {
    conversion.properties++
    conversion.stringLength += name.length
    // Defined, never assigned: a member named `__proto__` stays a member.
    setMember(
      out,
      name,
      below(conversion, ['properties', name], () => convertNode(member, conversion, depth)),
    )
  }
  return out
}
