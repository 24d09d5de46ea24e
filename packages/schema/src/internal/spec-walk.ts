import { describeThrown, formatJsonPath } from '@toolpipe/core/internal'
import type { SchemaSpecMistake } from '../schema-spec-error.js'

/** The state of one walk over a spec: what it found wrong, and where it is. */
export interface SpecWalk {
  readonly mistakes: SchemaSpecMistake[]
  /** Keys from the spec's root to the place being checked. */
  readonly path: (string | number)[]
  /** The spec and prop objects on the path, to refuse cycles. */
  readonly ancestors: object[]
  readonly ancestorPathLengths: number[]
  /** What the first read that threw (a getter, a Proxy trap) threw: the error's `cause`. */
  firstThrown: { readonly error: unknown } | undefined
}

/** A fresh walk, at the spec's root. */
export function startWalk(): SpecWalk {
  return { mistakes: [], path: [], ancestors: [], ancestorPathLengths: [], firstThrown: undefined }
}

/** Records a mistake at the walk's place, or below it at `keys`: `spec.a.minLength …`. */
export function mistake(walk: SpecWalk, text: string, ...keys: (string | number)[]): void {
  const path = [...walk.path, ...keys]
  walk.mistakes.push({ path, message: `${formatJsonPath(path, 'spec')} ${text}` })
}

/** Stands for a read that threw (a getter, a Proxy trap); the mistake is already recorded. */
export const unreadable: unique symbol = Symbol('unreadable')

/** Runs `read`; a throw becomes a mistake at `keys` and {@link unreadable}. */
export function guarded<TValue>(
  walk: SpecWalk,
  read: () => TValue,
  ...keys: (string | number)[]
): TValue | typeof unreadable {
  try {
    return read()
  } catch (error) {
    walk.firstThrown ??= { error }
    mistake(walk, `could not be read: ${describeThrown(error)}`, ...keys)
    return unreadable
  }
}

/** Whether `value` is a non-array object; a revoked Proxy is a mistake. */
export function isObjectLike(value: unknown, walk: SpecWalk): value is object {
  if (typeof value !== 'object' || value === null) return false
  return guarded(walk, () => !Array.isArray(value)) === true
}

/** Refuses `value` if it is one of its own ancestors; otherwise pushes it as one. */
export function enter(value: object, walk: SpecWalk): boolean {
  const index = walk.ancestors.indexOf(value)
  if (index >= 0) {
    const target = walk.path.slice(0, walk.ancestorPathLengths[index])
    mistake(walk, `refers back to ${formatJsonPath(target, 'spec')}: a spec must not be cyclic`)
    return false
  }
  walk.ancestors.push(value)
  walk.ancestorPathLengths.push(walk.path.length)
  return true
}

/** Pops the ancestor {@link enter} pushed. */
export function leave(walk: SpecWalk): void {
  walk.ancestors.pop()
  walk.ancestorPathLengths.pop()
}

/** Runs `body` with `keys` pushed on the walk's path. */
export function below<TResult>(
  walk: SpecWalk,
  keys: readonly (string | number)[],
  body: () => TResult,
): TResult {
  walk.path.push(...keys)
  try {
    return body()
  } finally {
    walk.path.length -= keys.length
  }
}
