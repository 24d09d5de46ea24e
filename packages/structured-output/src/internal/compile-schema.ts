import { describeThrown, formatJsonPath, isPlainObject } from '@toolpipe/core'
import { createCompiledNode } from './compiled-node.js'
import type { CompiledNode } from './compiled-node.js'
import { describeValue } from './describe-value.js'
import {
  placementOf,
  readAdditionalProperties,
  readAnnotations,
  readConst,
  readEnum,
  readKeywords,
  readRequired,
  readType,
} from './read-keywords.js'
import type { Placement, Violation } from './read-keywords.js'

/**
 * How many nodes deep a schema may nest. The validator recurses once per schema level, so this
 * bounds its stack use whatever the value; no real output schema comes near it.
 */
export const maxSchemaDepth = 128

/** The outcome of reading a schema: the compiled tree, or every violation found. */
export type CompileResult =
  | { readonly node: CompiledNode; readonly violations: readonly [] }
  | { readonly node: undefined; readonly violations: readonly string[] }

interface SchemaWalk {
  readonly violations: string[]
  /** Keys from the root schema to the current node. */
  readonly path: (string | number)[]
  /** The nodes from the root to the current one, for cycle detection. */
  readonly ancestors: object[]
  readonly ancestorPlaces: string[]
}

/**
 * Reads a whole schema once: checks it against the subset and, when it is supported, builds the
 * tree the validator runs. Only own enumerable properties are read, each at most once.
 */
export function compileSchema(schema: unknown): CompileResult {
  const walk: SchemaWalk = { violations: [], path: [], ancestors: [], ancestorPlaces: [] }
  const node = compileNode(schema, walk, true)
  if (node === undefined || walk.violations.length > 0) {
    return { node: undefined, violations: walk.violations }
  }
  return { node, violations: [] }
}

function compileNode(source: unknown, walk: SchemaWalk, isRoot: boolean): CompiledNode | undefined {
  const place = formatJsonPath(walk.path, 'schema')
  const violationsBefore = walk.violations.length
  const violation: Violation = (text) => walk.violations.push(`${place}: ${text}`)

  if (!isPlainObject(source)) {
    violation(`a schema node must be a plain object, got ${describeValue(source)}`)
    return undefined
  }
  const ancestorIndex = walk.ancestors.indexOf(source)
  if (ancestorIndex !== -1) {
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
  try {
    const type = readType(keywords, violation)
    if (isRoot && type !== undefined && type !== 'object') {
      violation(`the root must have "type": "object", got ${JSON.stringify(type)}`)
    }
    const placed = (keyword: string, placement: Placement) => {
      if (!keywords.has(keyword) || type === undefined || placementOf(type) === placement) return
      const where = placement === 'scalar' ? 'scalar' : JSON.stringify(placement)
      violation(`"${keyword}" is only allowed on ${where} nodes, not on "type": "${type}"`)
    }
    placed('properties', 'object')
    placed('required', 'object')
    placed('additionalProperties', 'object')
    placed('items', 'array')
    placed('enum', 'scalar')
    placed('const', 'scalar')

    const properties = compileProperties(keywords, walk, violation)
    const required = readRequired(
      keywords,
      properties === undefined ? undefined : new Set(properties.keys()),
      violation,
    )
    const closed = readAdditionalProperties(keywords, violation)
    let items: CompiledNode | undefined
    if (keywords.has('items')) {
      walk.path.push('items')
      items = compileNode(keywords.get('items'), walk, false)
      walk.path.pop()
    }
    const enumValues = readEnum(keywords, type, violation)
    const hasConst = keywords.has('const')
    const constValue = hasConst ? readConst(keywords.get('const'), type, violation) : null
    readAnnotations(keywords, violation)

    // Any violation here or below means no tree: every node used below is then supported.
    if (type === undefined || walk.violations.length !== violationsBefore) return undefined
    const supported = new Map<string, CompiledNode>()
    for (const [name, node] of properties ?? []) if (node !== undefined) supported.set(name, node)
    return createCompiledNode(
      type,
      supported,
      required,
      closed,
      items,
      enumValues,
      hasConst,
      constValue,
    )
  } finally {
    walk.ancestors.pop()
    walk.ancestorPlaces.pop()
  }
}

/**
 * Compiles each member of `properties`: every name, with its compiled node when that node is
 * supported; `undefined` when `properties` itself is malformed.
 */
function compileProperties(
  keywords: ReadonlyMap<string, unknown>,
  walk: SchemaWalk,
  violation: Violation,
): Map<string, CompiledNode | undefined> | undefined {
  if (!keywords.has('properties')) return new Map()
  const source = keywords.get('properties')
  if (!isPlainObject(source)) {
    violation(`"properties" must be a plain object of schema nodes, got ${describeValue(source)}`)
    return undefined
  }
  let names: string[]
  try {
    names = Object.keys(source)
  } catch (error) {
    violation(`"properties" could not be listed: ${describeThrown(error)}`)
    return undefined
  }
  const nodes = new Map<string, CompiledNode | undefined>()
  for (const name of names) {
    walk.path.push('properties', name)
    let child: unknown
    try {
      child = source[name]
    } catch (error) {
      walk.violations.push(
        `${formatJsonPath(walk.path, 'schema')}: "properties" member could not be read: ${describeThrown(error)}`,
      )
      walk.path.length -= 2
      nodes.set(name, undefined)
      continue
    }
    nodes.set(name, compileNode(child, walk, false))
    walk.path.length -= 2
  }
  return nodes
}
