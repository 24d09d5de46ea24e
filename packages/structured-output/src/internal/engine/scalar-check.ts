import type { StructuredScalar } from '../../structured-schema.js'
import type { TypedNodeDefinition } from '../node-definition.js'
import { hasCodePointLength } from './code-point-length.js'
import type { BuildContext, InlineKind, NodeCheck, Test } from './node-check.js'
import { isEnumMember } from './node-check.js'
import { collectChildOf } from './collect-child.js'
import { collectScalar } from './scalar-collect.js'
import { typeTestOf } from './type-test.js'

/** Up to this many `enum` members are compared one by one; longer lists use a set. */
const enumScanLimit = 8

/**
 * Compiles a scalar node (`string`, `number`, `integer`, `boolean`, `null`, nullable or not):
 * the type alone and an `enum` or `const` alone are checked inline by the container, anything
 * else by one closure that runs the node's keywords in turn.
 */
export function scalarCheck(node: TypedNodeDefinition, context: BuildContext): NodeCheck {
  const collect = (value: unknown, run: Parameters<NodeCheck['collect']>[1]) => {
    collectScalar(node, value, context.depth, run)
  }
  const members = node.hasConst ? [node.constValue] : node.enumValues
  const onlyMembers =
    members !== undefined && !(node.hasConst && node.enumValues !== undefined) && !hasBounds(node)
  let inline: InlineKind = 'call'
  let test: Test
  if (onlyMembers) {
    // Members were read as scalars of the node's type: membership is the whole check.
    if (members.length <= enumScanLimit) {
      inline = 'enum'
      test = (value) => isEnumMember(members, value)
    } else {
      // SameValueZero is JSON equality on scalars: 0 and -0 are one number.
      const set = new Set<StructuredScalar>(members)
      test = (value) => set.has(value as StructuredScalar)
    }
  } else if (members === undefined && !hasBounds(node)) {
    inline = node.nullable ? 'call' : inlineOf(node)
    test = typeTestOf(node)
  } else {
    test = constrainedTest(node)
  }
  return {
    node,
    test,
    collect,
    // The test first: most members are valid, and it costs a comparison or two.
    collectChild: collectChildOf({ test, collect }),
    inline,
    enumValues: members ?? [],
    objectShape: undefined,
    storesSelf: false,
  }
}

function inlineOf(node: TypedNodeDefinition): InlineKind {
  switch (node.type) {
    case 'string':
      return 'string'
    case 'number':
      return 'number'
    case 'integer':
      return 'integer'
    case 'boolean':
      return 'boolean'
    default:
      return 'null'
  }
}

function hasBounds(node: TypedNodeDefinition): boolean {
  return (
    node.minimum !== undefined ||
    node.maximum !== undefined ||
    node.exclusiveMinimum !== undefined ||
    node.exclusiveMaximum !== undefined ||
    node.minLength !== undefined ||
    node.maxLength !== undefined ||
    node.pattern !== undefined
  )
}

/** One closure for a node with keywords beyond its type: each runs only when it is set. */
function constrainedTest(node: TypedNodeDefinition): Test {
  const typeTest = typeTestOf(node)
  const members = node.enumValues
  const { hasConst, constValue, minimum, maximum, exclusiveMinimum, exclusiveMaximum } = node
  const { minLength, maxLength } = node
  const expression = node.pattern?.expression
  const hasLength = minLength !== undefined || maxLength !== undefined
  return (value, stack) => {
    if (!typeTest(value, stack)) return false
    if (members !== undefined && !isEnumMember(members, value)) return false
    if (hasConst && value !== constValue) return false
    if (typeof value === 'number') {
      return (
        (minimum === undefined || value >= minimum) &&
        (maximum === undefined || value <= maximum) &&
        (exclusiveMinimum === undefined || value > exclusiveMinimum) &&
        (exclusiveMaximum === undefined || value < exclusiveMaximum)
      )
    }
    if (typeof value === 'string') {
      if (hasLength && !hasCodePointLength(value, minLength, maxLength)) return false
      return expression === undefined || expression.test(value)
    }
    return true
  }
}
