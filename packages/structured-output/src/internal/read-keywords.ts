import { describeThrown, describeType, isPlainArray, quoteString } from '@toolpipe/core/internal'
import type { StructuredSchemaType } from '../structured-schema.js'
import { scalarPlacements } from './scalar-placements.js'

/** Records one violation of the node being read (the caller prefixes the node's path). */
export type Violation = (text: string) => void

/** The keywords of one node, read once: keyword → value (a keyword present as `undefined` is absent). */
export type Keywords = ReadonlyMap<string, unknown>

/** The seven type names, in the order messages list them. */
export const typeNames: readonly StructuredSchemaType[] = [
  'object',
  'array',
  'string',
  'number',
  'integer',
  'boolean',
  'null',
]

/** The annotations: allowed on every node, `anyOf` nodes included, and never enforced. */
export const annotationKeywords: readonly string[] = ['description', 'title', 'default', 'examples']

/**
 * Every keyword the subset accepts, with the node types it belongs on (`undefined`: on every
 * node). Each one is enforced by the engine, so a keyword outside this table is refused.
 */
const placements: ReadonlyMap<string, readonly StructuredSchemaType[] | undefined> = new Map<
  string,
  readonly StructuredSchemaType[] | undefined
>([
  ['type', undefined],
  ['anyOf', undefined],
  ['properties', ['object']],
  ['required', ['object']],
  ['additionalProperties', ['object']],
  ['items', ['array']],
  ['minItems', ['array']],
  ['maxItems', ['array']],
  ...scalarPlacements,
  ['enum', ['string', 'number', 'integer', 'boolean', 'null']],
  ['const', ['string', 'number', 'integer', 'boolean', 'null']],
  ...annotationKeywords.map((keyword): [string, undefined] => [keyword, undefined]),
])

/** Reads the node's own enumerable keywords once; refuses unsupported ones unread. */
export function readKeywords(
  source: Record<string, unknown>,
  violation: Violation,
): Map<string, unknown> | undefined {
  let keys: string[]
  try {
    keys = Object.keys(source)
  } catch (error) {
    violation(`its keywords could not be listed: ${describeThrown(error)}`)
    return undefined
  }
  const keywords = new Map<string, unknown>()
  for (const key of keys) {
    if (!placements.has(key)) {
      violation(`unsupported keyword ${quoteString(key)}`)
      continue
    }
    let value: unknown
    try {
      value = source[key]
    } catch (error) {
      violation(`"${key}" could not be read: ${describeThrown(error)}`)
      continue
    }
    // A keyword present as undefined is absent, as it is once JSON.stringify sends the schema.
    if (value !== undefined) keywords.set(key, value)
  }
  return keywords
}

/** A node's `type`: one type name, with `nullable` for the `[type, 'null']` form. */
export interface NodeType {
  readonly type: StructuredSchemaType
  readonly nullable: boolean
}

/** How a node's `type` reads in messages: `"string"` or `["string", "null"]`. */
export function typeText(nodeType: NodeType): string {
  const name = JSON.stringify(nodeType.type)
  return nodeType.nullable ? `[${name}, "null"]` : name
}

/** The node's `type`, or `undefined` (with a violation) when it is missing or malformed. */
export function readType(keywords: Keywords, violation: Violation): NodeType | undefined {
  if (!keywords.has('type')) {
    violation(`"type" is missing (one of ${typeNames.join(', ')})`)
    return undefined
  }
  const type = keywords.get('type')
  if (isPlainArray(type)) return readTypeArray(type, violation)
  if (typeof type !== 'string') {
    violation(`"type" must be a string, got ${describeType(type)}`)
  } else if (!isTypeName(type)) {
    violation(`"type" ${quoteString(type)} is unknown; use one of ${typeNames.join(', ')}`)
  } else {
    return { type, nullable: false }
  }
  return undefined
}

/** `[type, 'null']` is a nullable node; any other array of types is refused. */
function readTypeArray(types: readonly unknown[], violation: Violation): NodeType | undefined {
  let first: unknown
  let second: unknown
  try {
    if (types.length === 2 && 0 in types && 1 in types) [first, second] = types
  } catch (error) {
    violation(`"type" could not be read: ${describeThrown(error)}`)
    return undefined
  }
  // Stryker disable next-line ConditionalExpression: for the type; isTypeName refuses non-strings too
  if (typeof first === 'string' && isTypeName(first) && first !== 'null' && second === 'null') {
    return { type: first, nullable: true }
  }
  violation(
    '"type" must be a single type name, or [type, "null"] for a nullable node; other arrays of types are not supported',
  )
  return undefined
}

function isTypeName(name: string): name is StructuredSchemaType {
  return (typeNames as readonly string[]).includes(name)
}

/**
 * Refuses each keyword of `keywords` that does not belong on a node of `nodeType` (`properties`
 * on a string node, `minLength` on a number node, …).
 */
export function checkPlacements(
  keywords: Keywords,
  nodeType: NodeType,
  violation: Violation,
): void {
  for (const keyword of keywords.keys()) {
    const allowed = placements.get(keyword)
    if (allowed === undefined || allowed.includes(nodeType.type)) continue
    violation(
      `"${keyword}" is only allowed on ${placeText(allowed)} nodes, not on "type": ${typeText(nodeType)}`,
    )
  }
}

function placeText(types: readonly StructuredSchemaType[]): string {
  if (types.length === 5) return 'scalar'
  return types.map((type) => JSON.stringify(type)).join(' and ')
}

/**
 * The length of an array keyword's value (`required`, `enum`, `anyOf`), or `undefined` with a
 * violation when reading it threw (a Proxy).
 */
export function lengthOf(
  source: readonly unknown[],
  keyword: string,
  violation: Violation,
): number | undefined {
  try {
    return source.length
  } catch (error) {
    violation(`"${keyword}" could not be read: ${describeThrown(error)}`)
    return undefined
  }
}
