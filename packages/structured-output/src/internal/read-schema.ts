import {
  describeThrown,
  describeType,
  formatJsonPath,
  isPlainArray,
  isPlainObject,
} from '@toolpipe/core/internal'
import type { NodeDefinition, PropertyDefinition } from './node-definition.js'
import { readAnnotations } from './read-annotations.js'
import { readCounts, readNumberBounds } from './read-bounds.js'
import {
  annotationKeywords,
  checkPlacements,
  lengthOf,
  readKeywords,
  readType,
  typeText,
} from './read-keywords.js'
import type { Keywords, Violation } from './read-keywords.js'
import { readAdditionalProperties, readRequired } from './read-object-keywords.js'
import { readPattern } from './read-pattern.js'
import { readConst, readEnum } from './read-scalar-keywords.js'

/**
 * How many nodes deep a schema may nest. The engine recurses once per schema level, so this
 * bounds its stack use whatever the value; no real output schema comes near it.
 */
export const maxSchemaDepth = 128

/** The outcome of reading a schema: its definition, or every violation found. */
export type ReadResult =
  | { readonly node: NodeDefinition; readonly violations: readonly [] }
  | { readonly node: undefined; readonly violations: readonly string[] }

/** What the root may be: an object node (an output schema), or any node (a part of one). */
export type RootRule = 'object' | 'any'

interface SchemaWalk {
  readonly violations: string[]
  readonly rootRule: RootRule
  /** Keys from the root schema to the current node. */
  readonly path: (string | number)[]
  /** The nodes from the root to the current one, for cycle detection. */
  readonly ancestors: object[]
  readonly ancestorPlaces: string[]
}

/**
 * Reads a whole schema once and checks it against the subset. Only own enumerable properties
 * are read, each at most once; a getter or Proxy trap that throws is a violation, never a throw.
 */
export function readSchema(schema: unknown, rootRule: RootRule): ReadResult {
  const walk: SchemaWalk = {
    violations: [],
    rootRule,
    path: [],
    ancestors: [],
    ancestorPlaces: [],
  }
  const node = readNode(schema, walk)
  // readNode gives a node only when no violation was found below it, and undefined only with
  // one: each half of this check says what the other does ("→ true" refuses every schema).
  // Stryker disable next-line ConditionalExpression,LogicalOperator: see above
  if (node === undefined || walk.violations.length > 0) {
    return { node: undefined, violations: walk.violations }
  }
  return { node, violations: [] }
}

function readNode(source: unknown, walk: SchemaWalk): NodeDefinition | undefined {
  const place = formatJsonPath(walk.path, 'schema')
  const violation: Violation = (text) => walk.violations.push(`${place}: ${text}`)

  if (!isPlainObject(source)) {
    violation(`a schema node must be a plain object, got ${describeType(source)}`)
    return undefined
  }
  const ancestorIndex = walk.ancestors.indexOf(source)
  if (ancestorIndex !== -1) {
    // Stryker disable next-line StringLiteral: ancestorPlaces runs beside ancestors (the fallback is for the type)
    violation(`circular schema: this node is also ${walk.ancestorPlaces[ancestorIndex] ?? ''}`)
    return undefined
  }
  if (walk.ancestors.length === maxSchemaDepth) {
    violation(`schema nesting deeper than ${maxSchemaDepth} nodes is not supported`)
    return undefined
  }
  const keywords = readKeywords(source, violation)
  if (keywords === undefined) return undefined

  walk.ancestors.push(source)
  walk.ancestorPlaces.push(place)
  const violationsBefore = walk.violations.length
  try {
    const node = keywords.has('anyOf')
      ? readAnyOfNode(keywords, walk, violation)
      : readTypedNode(keywords, walk, violation)
    // Any violation here or below means no definition: every node used below is then supported.
    // Stryker disable next-line ConditionalExpression: readSchema refuses on any violation too (see there)
    return walk.violations.length === violationsBefore ? node : undefined
  } finally {
    walk.ancestors.pop()
    walk.ancestorPlaces.pop()
  }
}

function readTypedNode(
  keywords: Keywords,
  walk: SchemaWalk,
  violation: Violation,
): NodeDefinition | undefined {
  const nodeType = readType(keywords, violation)
  if (nodeType !== undefined) {
    if (walk.ancestors.length === 1 && walk.rootRule === 'object') {
      if (nodeType.type !== 'object' || nodeType.nullable) {
        violation(`the root must have "type": "object", got ${typeText(nodeType)}`)
      }
    }
    checkPlacements(keywords, nodeType, violation)
  }
  const properties = readProperties(keywords, walk, violation)
  const required = readRequired(
    keywords,
    properties === undefined ? undefined : new Set(properties.keys()),
    violation,
  )
  const closed = readAdditionalProperties(keywords, violation)
  const items = keywords.has('items') ? readChild(keywords.get('items'), walk, 'items') : undefined
  const itemCounts = readCounts(keywords, 'minItems', 'maxItems', violation)
  const enumValues = readEnum(keywords, nodeType, violation)
  const hasConst = keywords.has('const')
  const constValue = hasConst ? readConst(keywords.get('const'), nodeType, violation) : null
  const bounds = readNumberBounds(keywords, violation)
  const lengths = readCounts(keywords, 'minLength', 'maxLength', violation)
  const pattern = readPattern(keywords, violation)
  readAnnotations(keywords, violation)
  if (nodeType === undefined) return undefined

  const definitions: PropertyDefinition[] = []
  // A member that could not be read, or broken "properties", came with a violation that refuses
  // this node: what is defined here then is never used.
  // Stryker disable next-line ArrayDeclaration: see above
  for (const [key, node] of properties ?? []) {
    // Stryker disable next-line ConditionalExpression: see above
    if (node !== undefined) definitions.push({ key, node, required: required.has(key) })
  }
  return {
    kind: 'typed',
    type: nodeType.type,
    nullable: nodeType.nullable,
    properties: definitions,
    closed,
    items,
    minItems: itemCounts.min,
    maxItems: itemCounts.max,
    enumValues,
    hasConst,
    constValue,
    ...bounds,
    minLength: lengths.min,
    maxLength: lengths.max,
    pattern,
  }
}

/**
 * A node `{ anyOf: [node, …] }`: a non-empty array of nodes, with annotations beside it and
 * nothing else (no `type` of its own: each alternative has one). Never the root of an output
 * schema, whose parameters must be an object.
 */
function readAnyOfNode(
  keywords: Keywords,
  walk: SchemaWalk,
  violation: Violation,
): NodeDefinition | undefined {
  if (walk.ancestors.length === 1 && walk.rootRule === 'object') {
    violation('the root must have "type": "object"; "anyOf" is only allowed below the root')
  }
  for (const keyword of keywords.keys()) {
    if (keyword === 'anyOf' || annotationKeywords.includes(keyword)) continue
    violation(
      keyword === 'type'
        ? '"anyOf" cannot stand beside "type": give each alternative its own "type"'
        : `"${keyword}" is not allowed beside "anyOf" (only ${annotationKeywords.join(', ')} are): put it in the alternatives`,
    )
  }
  readAnnotations(keywords, violation)
  const source = keywords.get('anyOf')
  if (!isPlainArray(source)) {
    violation(`"anyOf" must be an array of schema nodes, got ${describeType(source)}`)
    return undefined
  }
  const length = lengthOf(source, 'anyOf', violation)
  // Stryker disable next-line ConditionalExpression: lengthOf's violation refuses the node whatever follows
  if (length === undefined) return undefined
  if (length === 0) {
    violation('"anyOf" must not be empty')
    return undefined
  }
  const alternatives: NodeDefinition[] = []
  for (let index = 0; index < length; index++) {
    let member: unknown
    try {
      if (!(index in source)) {
        violation(`"anyOf"[${index}] is a hole in a sparse array`)
        return undefined
      }
      member = source[index]
    } catch (error) {
      violation(`"anyOf"[${index}] could not be read: ${describeThrown(error)}`)
      return undefined
    }
    const node = readChild(member, walk, 'anyOf', index)
    // Stryker disable next-line ConditionalExpression: an alternative without a node came with a violation that refuses this one
    if (node !== undefined) alternatives.push(node)
  }
  return { kind: 'anyOf', anyOf: alternatives }
}

function readChild(
  source: unknown,
  walk: SchemaWalk,
  ...keys: (string | number)[]
): NodeDefinition | undefined {
  walk.path.push(...keys)
  try {
    return readNode(source, walk)
  } finally {
    walk.path.length -= keys.length
  }
}

/**
 * Reads each member of `properties`: every name, with its definition when that node is
 * supported; `undefined` when `properties` itself is malformed.
 */
function readProperties(
  keywords: Keywords,
  walk: SchemaWalk,
  violation: Violation,
): Map<string, NodeDefinition | undefined> | undefined {
  if (!keywords.has('properties')) return new Map()
  const source = keywords.get('properties')
  if (!isPlainObject(source)) {
    violation(`"properties" must be a plain object of schema nodes, got ${describeType(source)}`)
    return undefined
  }
  let names: string[]
  try {
    names = Object.keys(source)
  } catch (error) {
    violation(`"properties" could not be listed: ${describeThrown(error)}`)
    return undefined
  }
  const nodes = new Map<string, NodeDefinition | undefined>()
  for (const name of names) {
    let child: unknown
    try {
      child = source[name]
    } catch (error) {
      const place = formatJsonPath([...walk.path, 'properties', name], 'schema')
      walk.violations.push(
        `${place}: "properties" member could not be read: ${describeThrown(error)}`,
      )
      nodes.set(name, undefined)
      continue
    }
    nodes.set(name, readChild(child, walk, 'properties', name))
  }
  return nodes
}
