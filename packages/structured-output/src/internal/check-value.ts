import { isPlainArray, isPlainObject } from '@toolpipe/core'
import type { StructuredScalar } from '../structured-schema.js'
import {
  arrayCode,
  booleanCode,
  integerCode,
  numberCode,
  objectCode,
  enumIncludes,
  stringCode,
} from './compiled-node.js'
import type { CompiledNode } from './compiled-node.js'
import {
  cycleIssue,
  missingIssue,
  scalarIssue,
  sparseArrayIssue,
  typeIssue,
  unknownPropertyIssue,
  unreadableIssue,
} from './value-issues.js'
import type { ValueRun } from './value-run.js'

const hasOwn = Object.hasOwn

/**
 * Checks `value` against `node`, recording issues in `run`. Recursion follows the schema, never
 * the value, so its depth is bounded by the schema's (at most `maxSchemaDepth`). Never throws:
 * a getter or Proxy trap that throws becomes a `not_json` issue.
 */
export function checkValue(node: CompiledNode, value: unknown, depth: number, run: ValueRun): void {
  if (node.typeCode === objectCode) checkObject(node, value, depth, run)
  else if (node.typeCode === arrayCode) checkArray(node, value, depth, run)
  else if (!isScalarMatch(node, value)) scalarIssue(node, value, depth, run)
}

/**
 * Whether a scalar node accepts `value`. The hot path: a `switch` on a small integer and
 * `===`, with no allocation; the issue is worked out separately, only on failure.
 */
function isScalarMatch(node: CompiledNode, value: unknown): boolean {
  switch (node.typeCode) {
    case stringCode:
      if (typeof value !== 'string') return false
      break
    case numberCode:
      if (typeof value !== 'number' || !Number.isFinite(value)) return false
      break
    case integerCode:
      if (!Number.isInteger(value)) return false
      break
    case booleanCode:
      if (typeof value !== 'boolean') return false
      break
    default:
      if (value !== null) return false
  }
  if (node.hasEnum && !enumIncludes(node, value as StructuredScalar)) return false
  return !node.hasConst || value === node.constValue
}

function checkObject(node: CompiledNode, value: unknown, depth: number, run: ValueRun): void {
  // Kept small on purpose: V8 inlines it into the array loop only under a bytecode budget, so
  // everything off the success path lives in helpers.
  let current: string | undefined
  try {
    const mode = enterObject(value, depth, run)
    if (mode === refused) return

    const record = value as Record<string, unknown>
    const properties = node.properties
    // Members usually come in schema order (models write them so): guess the next one, and
    // fall back to a lookup by name when the guess is wrong. `record[key]` inside `for…in` is
    // the fastest read there is: V8 turns it into a field load by index.
    let cursor = 0
    let seenMask = 0
    let wideSeen = 0
    for (const key in record) {
      let property = properties[cursor]
      if (property?.key !== key) {
        property = node.propertiesByKey.get(key)
        if (property === undefined) {
          current = key
          if (node.closed) checkUnknownMember(record, key, mode, depth, run)
          current = undefined
          continue
        }
      }
      cursor = property.index + 1
      if (mode === withOwnCheck && !hasOwn(record, key)) continue
      current = key
      const member = record[key]
      current = undefined
      // A member present as undefined is not a member.
      if (member === undefined) continue
      seenMask |= property.bit
      wideSeen += property.wideRequired
      const child = property.node
      if (child.typeCode > arrayCode) {
        if (!isScalarMatch(child, member)) {
          run.keys[depth] = key
          scalarIssue(child, member, depth + 1, run)
        }
      } else {
        run.keys[depth] = key
        checkValue(child, member, depth + 1, run)
      }
    }
    if (
      (seenMask & node.requiredMask) !== node.requiredMask ||
      wideSeen !== node.wideRequiredCount
    ) {
      reportMissing(node, record, seenMask, depth, run)
    }
  } catch (error) {
    unreadableIssue(error, current, depth, run)
  }
}

/** {@link enterObject}: the object was refused (and the issue recorded). */
const refused = 0
/** {@link enterObject}: plain, and `for…in` lists own keys only. */
const withoutOwnCheck = 1
/** {@link enterObject}: plain, but `for…in` may list inherited keys: check each. */
const withOwnCheck = 2

/**
 * Starts checking an object: refuses a non-plain one or a cycle (recording the issue), and tells
 * whether its `for…in` keys need an own-property check. `for…in` also lists inherited enumerable
 * keys, so unless the prototype is known to have none (`Object.prototype` unpolluted, or no
 * prototype), each member must be checked.
 */
function enterObject(value: unknown, depth: number, run: ValueRun): number {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return refuseObject(value, depth, run)
  }
  const proto = Object.getPrototypeOf(value) as object | null
  const mode =
    proto === Object.prototype
      ? run.pollutedObjectPrototype
        ? withOwnCheck
        : withoutOwnCheck
      : otherPrototypeMode(value, proto)
  if (mode === refused) return refuseObject(value, depth, run)
  if (depth > 0 && isCycle(value, depth, run)) return refused
  run.ancestors[depth] = value
  return mode
}

/** {@link enterObject} for the rare prototypes: none, or another realm's `Object.prototype`. */
function otherPrototypeMode(value: object, proto: object | null): number {
  if (proto === null) return withoutOwnCheck
  return isPlainObject(value) ? withOwnCheck : refused
}

function refuseObject(value: unknown, depth: number, run: ValueRun): number {
  typeIssue('object', value, depth, run)
  return refused
}

/** A member `for…in` listed that `properties` does not name, under `additionalProperties: false`. */
function checkUnknownMember(
  record: Record<string, unknown>,
  key: string,
  mode: number,
  depth: number,
  run: ValueRun,
): void {
  // Inherited keys and members present as undefined are not members.
  if ((mode !== withOwnCheck || hasOwn(record, key)) && record[key] !== undefined) {
    unknownPropertyIssue(key, depth, run)
  }
}

/**
 * Reports the required members the `for…in` pass did not see. The first 31 members are tracked
 * in `seenMask`; beyond that (rare, wide schemas) a member is looked up again here.
 */
function reportMissing(
  node: CompiledNode,
  record: Record<string, unknown>,
  seenMask: number,
  depth: number,
  run: ValueRun,
): void {
  for (const property of node.properties) {
    if (!property.required) continue
    const seen =
      property.bit !== 0
        ? (seenMask & property.bit) !== 0
        : Object.prototype.propertyIsEnumerable.call(record, property.key) &&
          record[property.key] !== undefined
    if (!seen) missingIssue(property.key, depth, run)
  }
}

function checkArray(node: CompiledNode, value: unknown, depth: number, run: ValueRun): void {
  let index = -1
  try {
    // Array.isArray throws for a revoked Proxy: reported as unreadable, with what it threw.
    if (!Array.isArray(value) || !isPlainArray(value)) {
      typeIssue('array', value, depth, run)
      return
    }
    if (depth > 0 && isCycle(value, depth, run)) return
    run.ancestors[depth] = value
    const list = value
    const items = node.items
    const itemCode = items?.typeCode
    const length = list.length
    for (index = 0; index < length; index++) {
      const element = list[index]
      if (element === undefined && !(index in list)) {
        // A huge sparse array must not cost its length: report the first hole and stop.
        sparseArrayIssue(index, depth, run)
        return
      }
      if (items === undefined) continue
      if (itemCode === objectCode) {
        run.keys[depth] = index
        checkObject(items, element, depth + 1, run)
      } else if (itemCode === arrayCode) {
        run.keys[depth] = index
        checkArray(items, element, depth + 1, run)
      } else if (!isScalarMatch(items, element)) {
        run.keys[depth] = index
        scalarIssue(items, element, depth + 1, run)
      }
    }
  } catch (error) {
    unreadableIssue(error, index === -1 ? undefined : index, depth, run)
  }
}

function isCycle(container: object, depth: number, run: ValueRun): boolean {
  const ancestors = run.ancestors
  for (let level = 0; level < depth; level++) {
    if (ancestors[level] === container) {
      cycleIssue(level, depth, run)
      return true
    }
  }
  return false
}
