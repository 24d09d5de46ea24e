/** An object holding `value` and a member `kind` whose getter throws. */
export function throwingGetter(value: unknown): object {
  return {
    value,
    get kind(): never {
      throw new Error('getter')
    },
  }
}

/** An object holding `value` and itself (`self`). */
export function cyclic(value: unknown): object {
  const self: Record<string, unknown> = { value }
  self.self = self
  return self
}

/** An object whose members answer differently on every read: first `first`, then `later`. */
export function shifty(first: Record<string, unknown>, later: Record<string, unknown>): object {
  const value = {}
  for (const key of new Set([...Object.keys(first), ...Object.keys(later)])) {
    let reads = 0
    Object.defineProperty(value, key, {
      enumerable: true,
      get: () => (reads++ === 0 ? first[key] : later[key]),
    })
  }
  return value
}

/** `'bottom'` nested `depth` levels deep in arrays (`[[…]]`) or objects (`{ next: … }`), built without recursion. */
export function nested(depth: number, array: boolean): unknown {
  let value: unknown = 'bottom'
  for (let level = 0; level < depth; level++) value = array ? [value] : { next: value }
  return value
}
