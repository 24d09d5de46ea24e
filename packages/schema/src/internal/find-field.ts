import type { CompiledProp } from './compiled-prop.js'

/**
 * The member of `object` named `key`, or `undefined` for a key the spec does not declare.
 * `hint` is the position where the member is expected when the arguments list their keys in
 * the spec's order, which models mostly do; then no search is needed. Otherwise the search goes
 * on from the hint (the next keys most likely come after it) and wraps around, with an index
 * loop: an iterator would be an allocation in code that is not optimized yet.
 */
export function findField(
  object: CompiledProp,
  fields: readonly CompiledProp[],
  key: string,
  hint: number,
): CompiledProp | undefined {
  const count = fields.length
  const start = hint < count ? hint : 0
  const expected = fields[start]
  if (expected?.key === key) return expected
  if (object.fieldsByKey !== undefined) return object.fieldsByKey.get(key)
  for (let step = 1; step < count; step++) {
    const field = fields[(start + step) % count]
    if (field?.key === key) return field
  }
  return undefined
}
