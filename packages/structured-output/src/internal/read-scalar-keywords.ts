import { describeThrown, describeType, describeValue, isPlainArray } from '@toolpipe/core/internal'
import type { StructuredScalar } from '../structured-schema.js'
import type { Keywords, NodeType, Violation } from './read-keywords.js'
import { lengthOf, typeText } from './read-keywords.js'

/**
 * The `enum` members, or `undefined` without `enum`. Each must be a finite scalar of the node's
 * type (or `null` on a nullable node); the members that are not are left out, with a violation.
 */
export function readEnum(
  keywords: Keywords,
  nodeType: NodeType | undefined,
  violation: Violation,
): StructuredScalar[] | undefined {
  if (!keywords.has('enum')) return undefined
  const source = keywords.get('enum')
  if (!isPlainArray(source)) {
    violation(`"enum" must be an array of scalars, got ${describeType(source)}`)
    return undefined
  }
  const length = lengthOf(source, 'enum', violation)
  // Stryker disable next-line ConditionalExpression: lengthOf's violation refuses the node whatever follows ("→ true" drops every enum)
  if (length === undefined) return undefined
  if (length === 0) {
    violation('"enum" must not be empty')
    return undefined
  }
  const members: StructuredScalar[] = []
  for (let index = 0; index < length; index++) {
    const keyword = `"enum"[${index}]`
    let member: unknown
    try {
      if (!(index in source)) {
        violation(`${keyword} is a hole in a sparse array`)
        break
      }
      member = source[index]
    } catch (error) {
      violation(`${keyword} could not be read: ${describeThrown(error)}`)
      break
    }
    const problem = scalarProblem(member, nodeType)
    if (problem === undefined) members.push(member as StructuredScalar)
    else violation(`${keyword} ${problem}`)
  }
  return members
}

/** The `const` value; `null` (with a violation) when it does not fit the node. */
export function readConst(
  value: unknown,
  nodeType: NodeType | undefined,
  violation: Violation,
): StructuredScalar {
  const problem = scalarProblem(value, nodeType)
  if (problem === undefined) return value as StructuredScalar
  violation(`"const" ${problem}`)
  return null
}

/** Why `value` cannot be an `enum` member or `const` of a node of `nodeType`, if it cannot. */
function scalarProblem(value: unknown, nodeType: NodeType | undefined): string | undefined {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    return `must be a finite number, got ${describeType(value)}`
  }
  if (
    value !== null &&
    typeof value !== 'string' &&
    typeof value !== 'number' &&
    typeof value !== 'boolean'
  ) {
    return `must be a scalar (string, number, boolean or null), got ${describeType(value)}`
  }
  // Off a scalar node the placement violation says enough.
  if (nodeType === undefined || nodeType.type === 'object' || nodeType.type === 'array') {
    return undefined
  }
  if (matchesScalarType(value, nodeType)) return undefined
  const got =
    typeof value === 'number' && nodeType.type === 'integer'
      ? describeValue(value)
      : describeType(value)
  return `must match the node's "type": ${typeText(nodeType)}, got ${got}`
}

function matchesScalarType(value: StructuredScalar, nodeType: NodeType): boolean {
  if (value === null && nodeType.nullable) return true
  switch (nodeType.type) {
    case 'string':
      return typeof value === 'string'
    case 'number':
      return typeof value === 'number'
    case 'integer':
      return Number.isInteger(value)
    case 'boolean':
      return typeof value === 'boolean'
    default:
      return value === null
  }
}
