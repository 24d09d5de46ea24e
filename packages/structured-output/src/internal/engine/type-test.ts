import type { TypedNodeDefinition } from '../node-definition.js'
import type { Test } from './node-check.js'

const isString: Test = (value) => typeof value === 'string'
const isNumber: Test = (value) => Number.isFinite(value)
const isInteger: Test = (value) => Number.isInteger(value)
const isBoolean: Test = (value) => typeof value === 'boolean'
const isNull: Test = (value) => value === null

/**
 * The test of a scalar node's `type` alone, `null` included on a nullable node. `number` is a
 * finite number, `integer` a finite number with no fraction (`1.0` and `1e300` included).
 */
export function typeTestOf(node: TypedNodeDefinition): Test {
  const test = baseTypeTest(node)
  return node.nullable ? (value, stack) => value === null || test(value, stack) : test
}

function baseTypeTest(node: TypedNodeDefinition): Test {
  switch (node.type) {
    case 'string':
      return isString
    case 'number':
      return isNumber
    case 'integer':
      return isInteger
    case 'boolean':
      return isBoolean
    default:
      return isNull
  }
}

/** Whether `value` has a scalar node's type (for the issue walk, which may be slow). */
export function hasScalarType(node: TypedNodeDefinition, value: unknown): boolean {
  if (node.nullable && value === null) return true
  switch (node.type) {
    case 'string':
      return typeof value === 'string'
    case 'number':
      return Number.isFinite(value)
    case 'integer':
      return Number.isInteger(value)
    case 'boolean':
      return typeof value === 'boolean'
    default:
      return value === null
  }
}
