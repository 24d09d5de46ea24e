import type { BuildContext, ObjectShape, PropertyCheck, Test } from './node-check.js'
import { findProperty } from './object-shape.js'

// Open objects whose members are all checked inline (a tool's scalar arguments, an edit of an
// `edits` list) get functions of their own. V8 optimizes a function for what it has seen run
// through it, and every schema shares these loops: measured on V8 13, a process that had also
// validated reports with closed rows and nested arrays ran `edits` lists at about twice Ajv's
// time through the general loop, and at 1.1-1.3x through this one.

/** The fast test of a flat object node (see above); the rare objects go to `general`. */
export function flatObjectTest(shape: ObjectShape, context: BuildContext, general: Test): Test {
  const depth = context.depth
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: looking more often finds no more cycles (args keeps no ancestors; none are above depth 0)
  const checksCycles = context.dialect === 'json' && depth > 0
  const objectPrototype = Object.prototype
  return function testFlatObject(value, stack) {
    // Stryker disable next-line ConditionalExpression,LogicalOperator: a fast path: a primitive has another prototype and is refused below; null makes getPrototypeOf throw, read as not valid
    if (typeof value !== 'object' || value === null) return false
    // Stryker disable next-line ConditionalExpression: the rare objects' test answers the same for an ordinary object ("→ true" is only slower)
    if (Object.getPrototypeOf(value) !== objectPrototype || Array.isArray(value)) {
      return general(value, stack)
    }
    // Stryker disable next-line ConditionalExpression: looking in the args dialect finds nothing (it keeps no ancestors)
    if (checksCycles) {
      for (let level = 0; level < depth; level++) if (stack[level] === value) return false
    }
    return hasFlatMembers(shape, value as Record<string, unknown>)
  }
}

/**
 * The elements of an array of flat objects, the object loop written into the array's (as in
 * object-elements-test.ts); the rare objects go to the items node's own test.
 */
export function testFlatObjectElements(
  test: Test,
  shape: ObjectShape,
  elementDepth: number,
  checksCycles: boolean,
  list: readonly unknown[],
  length: number,
  stack: unknown[],
): boolean {
  const objectPrototype = Object.prototype
  for (let index = 0; index < length; index++) {
    const value = list[index]
    // Stryker disable next-line ConditionalExpression,LogicalOperator: a fast path: a primitive has another prototype and is refused below; null makes getPrototypeOf throw, read as not valid
    if (typeof value !== 'object' || value === null) return false
    // Stryker disable next-line ConditionalExpression: the rare objects' test answers the same for an ordinary object ("→ true" is only slower)
    if (Object.getPrototypeOf(value) !== objectPrototype || Array.isArray(value)) {
      if (!test(value, stack)) return false
      continue
    }
    // Stryker disable next-line ConditionalExpression: looking in the args dialect finds nothing (it keeps no ancestors)
    if (checksCycles) {
      for (let level = 0; level < elementDepth; level++) if (stack[level] === value) return false
    }
    if (!hasFlatMembers(shape, value as Record<string, unknown>)) return false
  }
  return true
}

/** The members of an ordinary object against a flat shape, with one `for…in`. */
function hasFlatMembers(shape: ObjectShape, record: Record<string, unknown>): boolean {
  const properties = shape.properties
  // Any object will do: no member to read, and no key to list (as the issue walk does not).
  if (properties.length === 0) return true
  let cursor = 0
  let seen = 0
  let wideSeen = 0
  for (const key in record) {
    let property = properties[cursor]
    // Stryker disable next-line ConditionalExpression: the lookup finds the same member ("→ true" always looks it up)
    if (property?.key !== key) {
      property = findProperty(shape, key, cursor)
      if (property === undefined) continue
    }
    cursor = property.index + 1
    // Inherited keys of a polluted Object.prototype are not members (free inside for…in).
    if (!Object.prototype.hasOwnProperty.call(record, key)) continue
    const member = record[key]
    if (member === undefined) continue
    seen |= property.bit
    wideSeen += property.wide
    if (!isInlineMatch(property, member)) return false
  }
  return seen === shape.requiredMask && wideSeen === shape.wideRequired
}

/** A flat shape's members are inline strings, numbers or booleans (see object-shape.ts). */
function isInlineMatch(property: PropertyCheck, member: unknown): boolean {
  const inline = property.inline
  if (inline === 'string') return typeof member === 'string'
  if (inline === 'number') return Number.isFinite(member)
  return typeof member === 'boolean'
}
