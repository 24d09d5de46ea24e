import { isPlainArrayPrototype } from '@toolpipe/core/internal'
import type { TypedNodeDefinition } from '../node-definition.js'
import { pathTo, record, recordCycle } from './issue-run.js'
import type { IssueRun } from './issue-run.js'
import type { ItemCounts } from './array-test.js'
import type { BuildContext, Collect, NodeCheck } from './node-check.js'

/**
 * The issue walk of an array node: never throws. The count is checked, then every element in
 * order; a sparse array is reported once, at its first hole, without walking its length, and an
 * element whose getter throws is reported where it is.
 */
export function arrayCollect(
  node: TypedNodeDefinition,
  items: NodeCheck | undefined,
  counts: ItemCounts,
  context: BuildContext,
  storesSelf: boolean,
): Collect {
  const depth = context.depth
  const json = context.dialect === 'json'
  return (value, run) => {
    const length = readLength(node, value, json, depth, run)
    if (length === undefined) return
    // Stryker disable next-line ConditionalExpression: a node that does not remember itself has no container below it that would look
    if (storesSelf) run.ancestors[depth] = value
    collectCount(node, counts, length, depth, run)
    collectElements(items, value as unknown[], length, depth, run)
  }
}

/**
 * The length of `value` when it is an array for the dialect and no ancestor of itself; otherwise
 * `undefined`, with the issue recorded (a value that cannot be read is one).
 */
function readLength(
  node: TypedNodeDefinition,
  value: unknown,
  json: boolean,
  depth: number,
  run: IssueRun,
): number | undefined {
  try {
    if (
      !Array.isArray(value) ||
      (json && !isPlainArrayPrototype(Object.getPrototypeOf(value) as object | null))
    ) {
      record(run, { code: 'invalid_type', path: pathTo(run, depth), node, value })
      return undefined
    }
    // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: looking more often finds no more cycles (args keeps no ancestors; none are above depth 0)
    if (json && depth > 0 && recordCycle(value, depth, run)) return undefined
    return (value as unknown[]).length
  } catch (error) {
    // A revoked Proxy, or one whose traps (getPrototypeOf, get "length") threw.
    record(run, { code: 'unreadable', path: pathTo(run, depth), node, error })
    return undefined
  }
}

/** `minItems` and `maxItems`. */
function collectCount(
  node: TypedNodeDefinition,
  counts: ItemCounts,
  length: number,
  depth: number,
  run: IssueRun,
): void {
  if (length < counts.min) {
    record(run, {
      code: 'too_few_items',
      path: pathTo(run, depth),
      node,
      limit: counts.min,
      count: length,
    })
  } else if (length > counts.max) {
    record(run, {
      code: 'too_many_items',
      path: pathTo(run, depth),
      node,
      limit: counts.max,
      count: length,
    })
  }
}

/** Every element in order, until a hole (reported once) or the spent budget. */
function collectElements(
  items: NodeCheck | undefined,
  list: unknown[],
  length: number,
  depth: number,
  run: IssueRun,
): void {
  for (let index = 0; index < length; index++) {
    let element: unknown
    try {
      element = list[index]
      // A hole reads as undefined: only then is `in` asked (a Proxy may trap it).
      if (element === undefined && !(index in list)) {
        record(run, { code: 'sparse_array', path: pathTo(run, depth), index })
        return
      }
    } catch (error) {
      record(run, {
        code: 'unreadable',
        path: pathTo(run, depth, index),
        node: items?.node,
        error,
      })
      continue
    }
    if (items !== undefined) {
      run.keys[depth] = index
      items.collectChild(element, run)
    }
    // Stryker disable next-line ConditionalExpression: going on once the budget is spent records nothing more (every record is refused)
    if (run.budget.exhausted) return
  }
}
