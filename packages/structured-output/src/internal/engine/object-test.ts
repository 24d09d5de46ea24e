import { isPlainObjectPrototype } from '@toolpipe/core/internal'
import type { BuildContext, ObjectShape, Test } from './node-check.js'
import { findProperty, isUnknownMember } from './object-shape.js'

/**
 * The fast test of an object node. An ordinary object (`Object.prototype`, what `JSON.parse`
 * makes) is walked with one `for…in`, whose `value[key]` V8 turns into a field load by index
 * whatever the object's shape; generated code, which could read each member by name, is ruled
 * out (no `eval`). Members are matched against the schema in order, with a lookup when the
 * order differs; the commonest children are checked inline, the others by their own test. An
 * open object without members never comes here but to flat-object-test.ts (its shape is flat).
 *
 * Longer than 60 lines: the engine's hottest loop, read top to bottom, with nothing called per
 * member that can be checked inline (each call and each further case was measured to slow it,
 * bench/README.md); the rare objects already go to a function of their own.
 */
export function objectTest(shape: ObjectShape, context: BuildContext, storesSelf: boolean): Test {
  const { properties, requiredMask, wideRequired, closed } = shape
  const depth = context.depth
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: looking more often finds no more cycles (args keeps no ancestors; none are above depth 0)
  const checksCycles = context.dialect === 'json' && depth > 0
  const objectPrototype = Object.prototype
  return function testObject(value, stack) {
    // Stryker disable next-line ConditionalExpression,LogicalOperator: a fast path: a primitive has another prototype and is refused below; null makes getPrototypeOf throw, read as not valid
    if (typeof value !== 'object' || value === null) return false
    // Stryker disable next-line ConditionalExpression: the rare objects' test answers the same for an ordinary object ("→ true" is only slower)
    if (Object.getPrototypeOf(value) !== objectPrototype || Array.isArray(value)) {
      return testUnusualObject(shape, context, storesSelf, value, stack)
    }
    if (checksCycles && isOnStack(value, stack, depth)) return false
    if (storesSelf) stack[depth] = value
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
          // A member present as undefined is not a member, nor is an inherited one.
          if (closed && isUnknownMember(record, key)) return false
          continue
        }
      }
      cursor = property.index + 1
      // for…in also lists inherited keys when Object.prototype has enumerable ones (someone
      // polluted it). Inside for…in, V8 answers this very call from the enum cache: next to
      // free. (Written out in full: through a module variable, which a bundler may make a
      // mutable `var`, V8 could no longer see which function is called.)
      if (!Object.prototype.hasOwnProperty.call(record, key)) continue
      const member = record[key]
      if (member === undefined) continue
      seen |= property.bit
      wideSeen += property.wide
      // Only the three commonest checks are written out: measured on V8 13, each further case
      // slows the whole loop down (more than the call it saves), so the rest call their test.
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
    return seen === requiredMask && wideSeen === wideRequired
  }
}

function isOnStack(value: object, stack: readonly unknown[], depth: number): boolean {
  for (let level = 0; level < depth; level++) if (stack[level] === value) return true
  return false
}

/**
 * The rare objects, off the hot loop: no prototype, another realm's `Object.prototype`, or (in
 * the `args` dialect) any other non-array object. Their own enumerable keys are listed with
 * `Object.keys`, since `for…in` would also list inherited ones.
 */
function testUnusualObject(
  shape: ObjectShape,
  context: BuildContext,
  storesSelf: boolean,
  value: object,
  stack: unknown[],
): boolean {
  if (Array.isArray(value)) return false
  const proto = Object.getPrototypeOf(value) as object | null
  if (context.dialect === 'json') {
    if (!isPlainObjectPrototype(proto)) return false
    if (context.depth > 0 && isOnStack(value, stack, context.depth)) return false
  }
  if (shape.properties.length === 0 && !shape.closed) return true
  if (storesSelf) stack[context.depth] = value
  const record = value as Record<string, unknown>
  let seen = 0
  let wideSeen = 0
  let cursor = 0
  for (const key of Object.keys(record)) {
    const property = findProperty(shape, key, cursor)
    if (property === undefined) {
      if (shape.closed && record[key] !== undefined) return false
      continue
    }
    cursor = property.index + 1
    const member = record[key]
    if (member === undefined) continue
    seen |= property.bit
    wideSeen += property.wide
    if (!property.test(member, stack)) return false
  }
  return seen === shape.requiredMask && wideSeen === shape.wideRequired
}
