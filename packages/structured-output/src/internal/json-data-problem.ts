import {
  describeThrown,
  describeType,
  formatJsonPath,
  isPlainArray,
  isPlainObject,
} from '@toolpipe/core/internal'

/** A place in the walk: its key and the place that holds it (a linked path, O(1) per step). */
interface Place {
  readonly parent: Place | undefined
  readonly key: string | number
}

/** A member still to check; it is read only when its turn comes, so that a throw has its place. */
interface Visit {
  readonly container: object
  readonly place: Place
}

type Step = Visit | { readonly leaving: object }

/**
 * Why `value` is not JSON data (what `JSON.parse` can return), or `undefined` when it is: the
 * first offending place, in key order, such as `$.a[2] is NaN`. `-0` is JSON data here (JSON
 * text can say `-0`). Walks with its own stack, so no nesting depth overflows it; a shared,
 * non-cyclic reference is fine; never throws (a throwing getter or Proxy is a problem).
 */
export function jsonDataProblem(value: unknown): string | undefined {
  const pending: Step[] = []
  // Containers on the path from the root to the current place: a cycle returns to one of them.
  const onPath = new Set<object>()
  let current: Place | undefined
  try {
    let item = value
    for (;;) {
      const problem = checkItem(item, current, pending, onPath)
      if (problem !== undefined) return problem
      let step = pending.pop()
      while (step !== undefined && 'leaving' in step) {
        onPath.delete(step.leaving)
        step = pending.pop()
      }
      if (step === undefined) return undefined
      current = step.place
      item = (step.container as Record<string | number, unknown>)[step.place.key]
    }
  } catch (error) {
    return `${pathOf(current)} could not be read: ${describeThrown(error)}`
  }
}

/** Checks one value; a plain container queues its members (last first, to come off in order). */
function checkItem(
  item: unknown,
  place: Place | undefined,
  pending: Step[],
  onPath: Set<object>,
): string | undefined {
  switch (typeof item) {
    case 'string':
    case 'boolean':
      return undefined
    case 'number':
      return Number.isFinite(item) ? undefined : `${pathOf(place)} is ${String(item)}`
    case 'object':
      break
    default:
      return `${pathOf(place)} is ${describeType(item)}`
  }
  if (item === null) return undefined
  if (onPath.has(item)) return `${pathOf(place)} is a cycle back to an enclosing value`
  let keys: readonly (string | number)[]
  if (isPlainArray(item)) {
    const indexes: number[] = []
    for (let index = 0; index < item.length; index++) {
      // A sparse array is refused at its first hole, without walking its whole length.
      if (!(index in item)) {
        return `${pathOf(place)} is a sparse array (no element at index ${index})`
      }
      indexes.push(index)
    }
    keys = indexes
  } else if (isPlainObject(item)) {
    keys = Object.keys(item)
  } else {
    return `${pathOf(place)} is ${describeType(item)}, not a plain object or array`
  }
  onPath.add(item)
  pending.push({ leaving: item })
  for (const key of keys.toReversed())
    pending.push({ container: item, place: { parent: place, key } })
  return undefined
}

function pathOf(place: Place | undefined): string {
  const keys: (string | number)[] = []
  for (let link = place; link !== undefined; link = link.parent) keys.push(link.key)
  return formatJsonPath(keys.reverse())
}
