import { isPlainArrayPrototype } from '@toolpipe/core/internal'
import type { BuildContext, NodeCheck, Test } from './node-check.js'
import { testFlatObjectElements } from './flat-object-test.js'
import { testObjectElements } from './object-elements-test.js'
import { isEnumMember } from './node-check.js'

/** `minItems` and `maxItems`, with the bounds that leave every length open when absent. */
export interface ItemCounts {
  readonly min: number
  readonly max: number
}

/**
 * The fast test of an array node: a plain array (in the `json` dialect: not a subclass, any
 * realm), a count within bounds, and each element, checked inline when the items node is simple.
 * A hole fails it (no node accepts `undefined`, and without `items` holes are looked for), so
 * that the issue walk reports the sparse array.
 */
export function arrayTest(
  items: NodeCheck | undefined,
  counts: ItemCounts,
  context: BuildContext,
  storesSelf: boolean,
): Test {
  const depth = context.depth
  const json = context.dialect === 'json'
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: looking more often finds no more cycles (args keeps no ancestors; none are above depth 0)
  const checksCycles = json && depth > 0
  const arrayPrototype = Array.prototype
  const { min, max } = counts
  return function testArray(value, stack) {
    if (!Array.isArray(value)) return false
    if (json) {
      const proto = Object.getPrototypeOf(value) as object | null
      if (proto !== arrayPrototype && !isPlainArrayPrototype(proto)) return false
      // Stryker disable next-line ConditionalExpression: looking in the args dialect finds nothing (it keeps no ancestors)
      if (checksCycles) {
        for (let level = 0; level < depth; level++) if (stack[level] === value) return false
      }
    }
    if (storesSelf) stack[depth] = value
    const list = value as unknown[]
    const length = list.length
    if (length < min || length > max) return false
    if (items === undefined) return isDense(list, length)
    // Stryker disable next-line ConditionalExpression,BlockStatement: the loop of any object's elements answers the same for a flat shape
    if (items.objectShape?.flat === true) {
      return testFlatObjectElements(
        items.test,
        items.objectShape,
        depth + 1,
        json,
        list,
        length,
        stack,
      )
    }
    // Stryker disable next-line ConditionalExpression,BlockStatement: the items' own test, called per element, answers the same
    if (items.objectShape !== undefined) {
      return testObjectElements(
        items,
        items.objectShape,
        depth + 1,
        json,
        items.storesSelf,
        list,
        length,
        stack,
      )
    }
    return testElements(items, list, length, stack)
  }
}

function isDense(list: readonly unknown[], length: number): boolean {
  for (let index = 0; index < length; index++) {
    if (list[index] === undefined && !(index in list)) return false
  }
  return true
}

/** One loop per simple items node, so that each element costs a comparison, not a call. */
function testElements(
  items: NodeCheck,
  list: readonly unknown[],
  length: number,
  stack: unknown[],
): boolean {
  let index = 0
  switch (items.inline) {
    case 'string':
      while (index < length && typeof list[index] === 'string') index++
      break
    case 'number':
      while (index < length && Number.isFinite(list[index])) index++
      break
    case 'integer':
      while (index < length && Number.isInteger(list[index])) index++
      break
    case 'boolean':
      while (index < length && typeof list[index] === 'boolean') index++
      break
    case 'null':
      while (index < length && list[index] === null) index++
      break
    case 'enum':
      while (index < length && isEnumMember(items.enumValues, list[index])) index++
      break
    case 'call': {
      const test = items.test
      while (index < length && test(list[index], stack)) index++
    }
  }
  return index === length
}
