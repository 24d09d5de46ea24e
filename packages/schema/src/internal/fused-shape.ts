import type { NodeDefinition, TypedNodeDefinition } from '@toolpipe/structured-output/internal'

// Which specs get a fused walk (fused-walk.ts): the shapes it writes, and nothing else.

/** Up to this many members an object is written out (the listing keeps one bit per member). */
const memberLimit = 31

/** Containers nest at most this deep in a spec the walk is written for, the root included. */
const depthLimit = 8

/**
 * Whether a member of `node`, `depth` containers down, is written; or an array's items, which
 * are no array (`arrays` false).
 */
function isWrittenMember(node: NodeDefinition, depth: number, arrays = true): boolean {
  // Stryker disable next-line ConditionalExpression: a union has no type, and the switch's default refuses it all the same
  if (node.kind !== 'typed') return false
  switch (node.type) {
    case 'object':
      return isWrittenObject(node, depth)
    case 'array':
      return arrays && isWrittenArray(node, depth)
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
      return isWrittenScalar(node)
    // Stryker disable next-line ConditionalExpression: a spec's nodes have the six DSL types, all cased above
    default:
      // Stryker disable next-line BooleanLiteral: as above, never reached
      return false
  }
}

/** A scalar with a type, `nullable` and an `enum` at most: no keyword the walk does not write. */
function isWrittenScalar(node: TypedNodeDefinition): boolean {
  return (
    !node.hasConst &&
    node.minimum === undefined &&
    node.maximum === undefined &&
    node.exclusiveMinimum === undefined &&
    node.exclusiveMaximum === undefined &&
    node.minLength === undefined &&
    node.maxLength === undefined &&
    node.pattern === undefined
  )
}

/** An open object, not nullable, of 1 to 31 written members, `depth` containers down (the root's 0). */
export function isWrittenObject(node: TypedNodeDefinition, depth: number): boolean {
  return (
    !node.nullable &&
    !node.closed &&
    depth < depthLimit &&
    // Stryker disable next-line ConditionalExpression,EqualityOperator: an object of no members writes `let` with nothing after it, which does not compile: no walk either
    node.properties.length > 0 &&
    node.properties.length <= memberLimit &&
    node.properties.every((property) => isWrittenMember(property.node, depth + 1))
  )
}

/** An array of written scalars or objects, with no item count. */
function isWrittenArray(node: TypedNodeDefinition, depth: number): boolean {
  const items = node.items
  return (
    !node.nullable &&
    node.minItems === undefined &&
    node.maxItems === undefined &&
    depth < depthLimit &&
    items !== undefined &&
    isWrittenMember(items, depth + 1, false)
  )
}
