import { formatJsonPath } from './internal/format-json-path.js'
import type { JsonObject, JsonValue } from './json-value.js'
import { JsonSnapshotError } from './json-snapshot-error.js'
import { describeType } from './internal/describe-value.js'
import { setMember } from './internal/set-member.js'
import {
  isPlainArrayPrototype,
  isPlainObjectPrototype,
  prototypeOf,
} from './internal/plain-prototype.js'

/** Options of {@link snapshotJson}. */
export interface SnapshotJsonOptions {
  /**
   * The deepest nesting of containers (arrays and objects) accepted; deeper input is refused
   * with `NOT_JSON`. An integer from 0 to 1024 (recursion stays well inside the stack); default 512.
   */
  readonly maxDepth?: number
  /**
   * Freeze every container of the copy as it is made: the same result as
   * `deepFreeze(snapshotJson(value))` in one pass. Default `false`.
   */
  readonly freeze?: boolean
}

const defaultMaxDepth = 512
/** Two stack frames per level: 1024 levels use under a third of Node's default stack size. */
const maxDepthLimit = 1024

/** Raised deep inside the walk, where the offending value sits `depth` containers down. */
class SnapshotFailure extends Error {
  constructor(
    readonly reason: string,
    readonly depth: number,
    /** For a cycle: how many containers deep the repeated ancestor sits. */
    readonly cycleDepth = -1,
  ) {
    super(reason)
  }
}

interface Walk {
  readonly maxDepth: number
  readonly freeze: boolean
  /** `ancestors[d]`: the container `d` levels down on the current path, for cycle detection. */
  readonly ancestors: object[]
  /** `keys[d]`: the key or index taken inside `ancestors[d]`; a failure's path is a prefix. */
  readonly keys: (string | number)[]
}

/**
 * Makes a detached, lossless JSON copy of `value`, or throws {@link JsonSnapshotError} naming the
 * first place that JSON cannot represent exactly.
 *
 * Accepts null, booleans, strings, finite numbers, dense plain arrays and plain or
 * null-prototype objects (copied as plain objects). Refuses NaN, ±Infinity, `-0`, bigint,
 * functions, symbols, `undefined` anywhere, sparse arrays, Array subclasses, class instances
 * (Map, Set, Date, RegExp, typed arrays, Error, boxed primitives, …), cycles and nesting deeper
 * than `maxDepth`. A shared, non-cyclic reference is fine and is copied twice. Reads only own
 * enumerable string keys, each getter at most once; a throwing getter's error propagates as is.
 * A `__proto__` key is copied as an ordinary own property.
 *
 * @param value - anything, typically a model's parsed tool arguments
 * @returns a fresh copy made only of plain objects, plain arrays and JSON scalars
 * @throws {JsonSnapshotError} code `NOT_JSON`, with `path` such as `$.edits[3].path`
 * @throws {RangeError} for a `maxDepth` that is not an integer from 0 to 1024: the caller's own
 * mistake, not the value's, so not a coded `HarnessError` (core has no options error of its own)
 * @example
 * const args = snapshotJson(JSON.parse(toolCall.arguments), { freeze: true })
 */
export function snapshotJson(value: unknown, options?: SnapshotJsonOptions): JsonValue {
  const maxDepth = options?.maxDepth ?? defaultMaxDepth
  if (!(Number.isInteger(maxDepth) && maxDepth >= 0 && maxDepth <= maxDepthLimit)) {
    throw new RangeError(
      `snapshotJson: maxDepth must be an integer from 0 to ${maxDepthLimit}, got ${String(maxDepth)}`,
    )
  }
  // Stryker disable next-line ArrayDeclaration: every slot is written before it is read (ancestors[d] on entering a container, keys[d] before each member)
  const walk: Walk = { maxDepth, freeze: options?.freeze === true, ancestors: [], keys: [] }
  try {
    return copyValue(value, 0, walk)
  } catch (error) {
    if (!(error instanceof SnapshotFailure)) throw error
    let reason = error.reason
    if (error.cycleDepth >= 0) reason += ` ${formatJsonPath(walk.keys.slice(0, error.cycleDepth))}`
    throw new JsonSnapshotError(formatJsonPath(walk.keys.slice(0, error.depth)), reason)
  }
}

/** Copies one value found `depth` containers below the root. */
function copyValue(value: unknown, depth: number, walk: Walk): JsonValue {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value
    case 'number':
      if (Object.is(value, -0)) {
        throw new SnapshotFailure(
          '-0 is not representable in JSON (it would come back as 0)',
          depth,
        )
      }
      if (!Number.isFinite(value)) {
        throw new SnapshotFailure(`${describeType(value)} is not a finite number`, depth)
      }
      return value
    case 'object': {
      if (value === null) return null
      if (depth === walk.maxDepth) {
        throw new SnapshotFailure(
          `nesting is deeper than maxDepth (${walk.maxDepth} containers)`,
          depth,
        )
      }
      const ancestors = walk.ancestors
      for (let level = 0; level < depth; level++) {
        if (ancestors[level] === value)
          throw new SnapshotFailure('cycle: refers back to', depth, level)
      }
      ancestors[depth] = value
      const copy = Array.isArray(value)
        ? copyArray(value as unknown[], depth, walk)
        : copyObject(value, depth, walk)
      if (walk.freeze) Object.freeze(copy)
      return copy
    }
    default:
      throw new SnapshotFailure(`${describeType(value)} is not a JSON value`, depth)
  }
}

/** Copies the array found `depth` containers down; its items sit one level deeper. */
function copyArray(source: unknown[], depth: number, walk: Walk): JsonValue[] {
  if (!isPlainArrayPrototype(prototypeOf(source))) {
    throw new SnapshotFailure(`${describeType(source)} is not a plain array`, depth)
  }
  const keys = walk.keys
  const length = source.length
  const copy: JsonValue[] = []
  for (let index = 0; index < length; index++) {
    keys[depth] = index
    const item = source[index]
    // A hole reads as undefined: only then is `in` worth asking.
    // Stryker disable next-line ConditionalExpression: fast path, `in` would answer for any item ("→ false" takes holes for undefined and fails the tests)
    if (item === undefined) {
      if (!(index in source)) {
        throw new SnapshotFailure('a hole in a sparse array is not a JSON value', depth + 1)
      }
    }
    copy.push(copyValue(item, depth + 1, walk))
  }
  return copy
}

/** Copies the object found `depth` containers down; its members sit one level deeper. */
function copyObject(source: object, depth: number, walk: Walk): JsonObject {
  if (!isPlainObjectPrototype(prototypeOf(source))) {
    throw new SnapshotFailure(`${describeType(source)} is not a plain object`, depth)
  }
  const keys = walk.keys
  const names = Object.keys(source)
  const copy: JsonObject = {}
  for (const key of names) {
    keys[depth] = key
    setMember(copy, key, copyValue((source as Record<string, unknown>)[key], depth + 1, walk))
  }
  return copy
}
