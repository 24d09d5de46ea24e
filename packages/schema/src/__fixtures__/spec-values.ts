import fc from 'fast-check'
import type { SchemaProp, SchemaSpec } from '../schema-spec.js'
import { scalarCandidates, scalarMatches } from './prop-values.js'
import type { Prop } from './prop-values.js'
import { keyArbitrary, wordArbitrary } from './spec-arbitraries.js'

// Values near a generated spec (spec-arbitraries.ts), for the differential tests: valid ones, at
// and around every bound, and near-misses with one place removed or replaced.

/** Values that mostly satisfy `prop`: scalars from the pools that match, extra members included. */
export function validValue(prop: SchemaProp): fc.Arbitrary<unknown> {
  const raw = prop as unknown as Prop
  if (raw.anyOf !== undefined) {
    return fc.oneof(...(raw.anyOf as SchemaProp[]).map((member) => validValue(member)))
  }
  const nullable = raw.nullable === true ? [fc.constant(null)] : []
  switch (raw.type) {
    case 'array': {
      const min = (raw.minItems as number | undefined) ?? 0
      const max = (raw.maxItems as number | undefined) ?? Math.max(min, 3)
      const item =
        raw.items === undefined
          ? fc.jsonValue({ maxDepth: 1 })
          : validValue(raw.items as SchemaProp)
      return fc.oneof(fc.array(item, { minLength: min, maxLength: max }), ...nullable)
    }
    case 'object':
      return fc.oneof(
        raw.properties === undefined
          ? fc.dictionary(wordArbitrary, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 })
          : validObject(raw.properties as SchemaSpec),
        ...nullable,
      )
    default: {
      const matching = scalarCandidates(raw).filter((value) => scalarMatches(raw, value))
      const fallback = raw.type === 'string' ? wordArbitrary : fc.integer()
      return fc.oneof(matching.length > 0 ? fc.constantFrom(...matching) : fallback, ...nullable)
    }
  }
}

/** Objects with every required member and some optional ones, plus extra keys. */
export function validObject(spec: SchemaSpec): fc.Arbitrary<Record<string, unknown>> {
  // fromEntries defines: a member named `__proto__` stays a member.
  const members = Object.fromEntries(
    Object.entries(spec).map(([key, prop]) => [key, validValue(prop)]),
  )
  const requiredKeys = Object.keys(spec).filter((key) => spec[key]?.required === true)
  const extras = fc.dictionary(fc.constantFrom('extra', 'other'), fc.jsonValue({ maxDepth: 1 }))
  return fc
    .tuple(fc.record(members, { requiredKeys }), extras)
    .map(([declared, extra]) => ({ ...extra, ...declared }))
}

/**
 * Every place in a JSON value, as a path of keys and indexes (the root excluded), in document
 * order. Walked with a stack of its own and pushed one by one: a value of a hundred thousand
 * places spread into one `push` call overflows the call stack.
 */
function places(value: unknown): (string | number)[][] {
  const found: (string | number)[][] = []
  const pending: { readonly place: (string | number)[]; readonly item: unknown }[] = []
  const pushChildren = (container: unknown, path: (string | number)[]): void => {
    if (typeof container !== 'object' || container === null) return
    const entries = Array.isArray(container)
      ? container.map((item: unknown, index) => [index, item] as const)
      : Object.entries(container)
    // Reversed, so that the first child is taken first.
    for (let index = entries.length - 1; index >= 0; index--) {
      const entry = entries[index]
      if (entry !== undefined) pending.push({ place: [...path, entry[0]], item: entry[1] })
    }
  }
  pushChildren(value, [])
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    found.push(next.place)
    pushChildren(next.item, next.place)
  }
  return found
}

/** What takes a value's place in a near-miss: a neighbour of the same kind, or other JSON. */
function neighbour(current: unknown, choice: number, other: unknown, word: string): unknown {
  if (typeof current === 'number') {
    return [current + 1, current - 1, current + 0.5, -current, null, other, word][choice % 7]
  }
  if (typeof current === 'string') {
    return [`${current}a`, current.slice(1), `${current}😀`, word, null, other][choice % 6]
  }
  if (Array.isArray(current)) {
    const list = current as unknown[]
    return [[...list, ...list.slice(-1)], list.slice(1), null, other][choice % 4]
  }
  return [null, other, word][choice % 3]
}

/** A valid value with exactly one place changed: removed, or replaced by a neighbour. */
export function nearMiss(spec: SchemaSpec): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      validObject(spec),
      fc.nat(),
      fc.boolean(),
      fc.nat(),
      fc.jsonValue({ maxDepth: 2 }),
      wordArbitrary,
    )
    .map(([value, pick, remove, choice, other, word]) => {
      const all = places(value)
      const place = all[pick % Math.max(all.length, 1)]
      if (place === undefined) return value
      const parent = place
        .slice(0, -1)
        .reduce<unknown>(
          (node, key) => (node as Record<string | number, unknown>)[key],
          value,
        ) as Record<string | number, unknown>
      const key = place[place.length - 1]!
      if (remove && !Array.isArray(parent)) Reflect.deleteProperty(parent, key)
      else parent[key] = neighbour(parent[key], choice, other, word)
      return value
    })
}

/** What `JSON.parse` would give: `-0` becomes `0`, as the MUST excludes it. */
export function asJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown
}

/** Nine values for a spec: two arbitrary, two valid, five near-misses. */
export function valuesFor(spec: SchemaSpec): fc.Arbitrary<unknown[]> {
  return fc.tuple(
    fc.jsonValue({ maxDepth: 3 }),
    fc.dictionary(keyArbitrary, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 }),
    validObject(spec),
    validObject(spec),
    nearMiss(spec),
    nearMiss(spec),
    nearMiss(spec),
    nearMiss(spec),
    nearMiss(spec),
  )
}
