import type { NodeCheck, ObjectShape } from './node-check.js'
import { findProperty, isUnknownMember } from './object-shape.js'

/**
 * The elements of an array whose items are an object node, with the object's loop written out
 * inside the array's: measured on V8 13, this halves the cost of an array of small objects (an
 * `edits` list, the rows of a report) against calling the object's own test per element. The
 * loop is the one of object-test.ts; the rare objects (no prototype, another realm) go to the
 * object's own test.
 *
 * Longer than 60 lines: its reason to be is that the object's loop is written out inside the
 * array's; split into functions, it would be the per-element call it exists to save.
 */
export function testObjectElements(
  items: NodeCheck,
  shape: ObjectShape,
  elementDepth: number,
  checksCycles: boolean,
  storesSelf: boolean,
  list: readonly unknown[],
  length: number,
  stack: unknown[],
): boolean {
  const { properties, requiredMask, wideRequired, closed } = shape
  const objectPrototype = Object.prototype
  for (let index = 0; index < length; index++) {
    const value = list[index]
    // Stryker disable next-line ConditionalExpression,LogicalOperator: a fast path: a primitive has another prototype and is refused below; null makes getPrototypeOf throw, read as not valid
    if (typeof value !== 'object' || value === null) return false
    // Stryker disable next-line ConditionalExpression: the rare objects' test answers the same for an ordinary object ("→ true" is only slower)
    if (Object.getPrototypeOf(value) !== objectPrototype || Array.isArray(value)) {
      if (!items.test(value, stack)) return false
      continue
    }
    // Stryker disable next-line ConditionalExpression: looking in the args dialect finds nothing (it keeps no ancestors)
    if (checksCycles) {
      for (let level = 0; level < elementDepth; level++) if (stack[level] === value) return false
    }
    if (storesSelf) stack[elementDepth] = value
    const record = value as Record<string, unknown>
    let cursor = 0
    let seen = 0
    let wideSeen = 0
    for (const key in record) {
      let property = properties[cursor]
      // Stryker disable next-line ConditionalExpression: the lookup finds the same member ("→ true" always looks it up)
      if (property?.key !== key) {
        property = findProperty(shape, key, cursor)
        if (property === undefined) {
          if (closed && isUnknownMember(record, key)) return false
          continue
        }
      }
      cursor = property.index + 1
      if (!Object.prototype.hasOwnProperty.call(record, key)) continue
      const member = record[key]
      if (member === undefined) continue
      seen |= property.bit
      wideSeen += property.wide
      switch (property.inline) {
        // Stryker disable next-line StringLiteral,ConditionalExpression: without this case the default calls the member's test, which answers the same
        case 'string':
          if (typeof member !== 'string') return false
          break
        // Stryker disable next-line StringLiteral,ConditionalExpression: without this case the default calls the member's test, which answers the same
        case 'number':
          if (!Number.isFinite(member)) return false
          break
        // Stryker disable next-line StringLiteral,ConditionalExpression: without this case the default calls the member's test, which answers the same
        case 'boolean':
          if (typeof member !== 'boolean') return false
          break
        default:
          if (!property.test(member, stack)) return false
      }
    }
    if (seen !== requiredMask || wideSeen !== wideRequired) return false
  }
  return true
}
