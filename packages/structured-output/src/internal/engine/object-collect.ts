import { isPlainObjectPrototype } from '@toolpipe/core/internal'
import type { TypedNodeDefinition } from '../node-definition.js'
import type { IssueRun } from './issue-run.js'
import { pathTo, record, recordCycle } from './issue-run.js'
import type { BuildContext, Collect, ObjectShape } from './node-check.js'
import { findProperty } from './object-shape.js'

/** A member whose getter or Proxy trap threw, with what it threw. */
interface Unreadable {
  readonly error: unknown
}

/**
 * The issue walk of an object node: never throws, reads every member the schema declares (and,
 * when the object is closed, every other one) exactly once, and goes on after a member that
 * throws. Members are the own enumerable ones: `for…in` (no key array to allocate) with an
 * own-key check, whatever the prototype.
 */
export function objectCollect(
  node: TypedNodeDefinition,
  shape: ObjectShape,
  context: BuildContext,
  storesSelf: boolean,
): Collect {
  const depth = context.depth
  const json = context.dialect === 'json'
  return (value, run) => {
    try {
      if (!isObject(value, json)) {
        record(run, { code: 'invalid_type', path: pathTo(run, depth), node, value })
        return
      }
      // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: looking more often finds no more cycles (args keeps no ancestors; none are above depth 0)
      if (json && depth > 0 && recordCycle(value, depth, run)) return
      // Any object will do: no member to read. The arguments dialect, which takes any prototype,
      // still asks for it here, as its fast test does: a Proxy whose trap throws is unreadable
      // (with members to read, listing them asks).
      if (shape.properties.length === 0 && !shape.closed) {
        if (!json) Object.getPrototypeOf(value)
        return
      }
      // Stryker disable next-line ConditionalExpression: a node that does not remember itself has no container below it that would look
      if (storesSelf) run.ancestors[depth] = value
      // Member reads are guarded one by one, and nothing below throws: what lands here is the
      // listing of the keys itself (a Proxy's ownKeys or getOwnPropertyDescriptor trap).
      if (json) collectInListedOrder(shape, value as Record<string, unknown>, depth, run)
      else collectInDeclaredOrder(shape, value as Record<string, unknown>, depth, run)
    } catch (error) {
      // A revoked Proxy, or a trap (getPrototypeOf, ownKeys, getOwnPropertyDescriptor) that threw.
      record(run, { code: 'unreadable', path: pathTo(run, depth), node, error })
    }
  }
}

/** Whether `value` is an object for the dialect; may throw on a hostile value. */
function isObject(value: unknown, json: boolean): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  // The arguments dialect takes any prototype: asking for it there would only cost a call.
  return !json || isPlainObjectPrototype(Object.getPrototypeOf(value) as object | null)
}

/**
 * `validateStructuredValue`'s order: the members as the object lists them, each checked when it
 * is reached, then the missing ones in schema order.
 */
function collectInListedOrder(
  shape: ObjectShape,
  value: Record<string, unknown>,
  depth: number,
  run: IssueRun,
): void {
  // Which members were seen: bits for the first 31, then an array (rare, wide objects).
  let seenBits = 0
  let seenWide: boolean[] | undefined
  let cursor = 0
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue
    const property = findProperty(shape, key, cursor)
    // Members the schema does not name are read only when they could be refused.
    if (property === undefined && !shape.closed) continue
    let member: unknown
    try {
      member = value[key]
    } catch (error) {
      if (property !== undefined) {
        if (property.index < 31) seenBits |= 1 << property.index
        // Stryker disable next-line ArrayDeclaration: only the indexes from 31 on are read
        else (seenWide ??= [])[property.index] = true
      }
      record(run, {
        code: 'unreadable',
        path: pathTo(run, depth, key),
        node: property?.check.node,
        error,
      })
      continue
    }
    // A member present as undefined is not a member.
    if (member === undefined) continue
    if (property === undefined) {
      record(run, { code: 'unknown_property', path: pathTo(run, depth, key) })
    } else {
      cursor = property.index + 1
      if (property.index < 31) seenBits |= 1 << property.index
      // Stryker disable next-line ArrayDeclaration: only the indexes from 31 on are read
      else (seenWide ??= [])[property.index] = true
      run.keys[depth] = key
      property.check.collectChild(member, run)
    }
    // Stryker disable next-line ConditionalExpression: going on once the budget is spent records nothing more (every record is refused)
    if (run.budget.exhausted) return
  }
  for (const property of shape.properties) {
    const seen =
      property.index < 31 ? (seenBits & (1 << property.index)) !== 0 : seenWide?.[property.index]
    if (property.required && seen !== true) {
      record(run, {
        code: 'missing',
        path: pathTo(run, depth, property.key),
        node: property.check.node,
      })
    }
  }
}

/**
 * `checkArgs`'s order: the declared members in declaration order, a missing one in its place,
 * then the members a closed object does not name.
 */
function collectInDeclaredOrder(
  shape: ObjectShape,
  value: Record<string, unknown>,
  depth: number,
  run: IssueRun,
): void {
  // At its final size: stores into an empty array would grow it (a reallocation) on the way.
  const members = new Array<unknown>(shape.properties.length)
  // Only a getter or trap that throws makes one.
  let unreadable: (Unreadable | undefined)[] | undefined
  let cursor = 0
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue
    const property = findProperty(shape, key, cursor)
    if (property === undefined) continue
    cursor = property.index + 1
    try {
      members[property.index] = value[key]
    } catch (error) {
      ;(unreadable ??= [])[property.index] = { error }
    }
  }
  for (const property of shape.properties) {
    const failure = unreadable?.[property.index]
    const member = members[property.index]
    if (failure !== undefined) {
      record(run, {
        code: 'unreadable',
        path: pathTo(run, depth, property.key),
        node: property.check.node,
        error: failure.error,
      })
    } else if (member !== undefined) {
      run.keys[depth] = property.key
      property.check.collectChild(member, run)
    } else if (property.required) {
      record(run, {
        code: 'missing',
        path: pathTo(run, depth, property.key),
        node: property.check.node,
      })
    }
    // Stryker disable next-line ConditionalExpression: going on once the budget is spent records nothing more (every record is refused)
    if (run.budget.exhausted) return
  }
  if (shape.closed) collectUnknown(shape, value, depth, run)
}

/** The members of a closed object that its schema does not name, in listed order. */
export function collectUnknown(
  shape: ObjectShape,
  value: Record<string, unknown>,
  depth: number,
  run: IssueRun,
): void {
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue
    if (findProperty(shape, key, 0) !== undefined) continue
    let member: unknown
    try {
      member = value[key]
    } catch (error) {
      record(run, { code: 'unreadable', path: pathTo(run, depth, key), node: undefined, error })
      continue
    }
    if (member !== undefined)
      record(run, { code: 'unknown_property', path: pathTo(run, depth, key) })
    // Stryker disable next-line ConditionalExpression: going on once the budget is spent records nothing more (every record is refused)
    if (run.budget.exhausted) return
  }
}
