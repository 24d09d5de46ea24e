import fc from 'fast-check'
import { valueNear } from '../../../__fixtures__/keyword-values.js'
import type { Node } from '../../../__fixtures__/keyword-arbitraries.js'

// The values of fast-test-agreement.test.ts: mostly valid for their schema, sometimes not, with
// every member where it belongs; and the cycles a value can be made to hold.

/** A valid value of a simple scalar node, or `undefined` for a node with more keywords. */
function validScalar(node: Node): fc.Arbitrary<unknown> | undefined {
  const extra = Object.keys(node).filter((keyword) => keyword !== 'type' && keyword !== 'enum')
  if (extra.length > 0 && !(extra.length === 1 && node.minLength === 1)) return undefined
  const types = (Array.isArray(node.type) ? node.type : [node.type]) as string[]
  if (Array.isArray(node.enum)) return fc.constantFrom(...(node.enum as unknown[]))
  const samples: Record<string, unknown> = {
    string: 'text',
    number: 2.5,
    integer: 3,
    boolean: false,
    null: null,
  }
  return fc.constantFrom(...types.map((type) => samples[type]))
}

/** Mostly a valid value for a scalar node, else one near it (at or around its bounds, or wrong). */
function scalarFor(node: Node): fc.Arbitrary<unknown> {
  const valid = validScalar(node)
  return valid === undefined
    ? valueNear(node)
    : fc.oneof({ weight: 1, arbitrary: valueNear(node) }, { weight: 4, arbitrary: valid })
}

/** A value for `node`: mostly valid, sometimes not, and every member where it belongs. */
export function valueFor(node: Node): fc.Arbitrary<unknown> {
  if (Array.isArray(node.anyOf)) return fc.oneof(...(node.anyOf as Node[]).map(valueFor))
  const type = Array.isArray(node.type) ? (node.type[0] as string) : node.type
  const base: fc.Arbitrary<unknown> =
    type === 'object'
      ? fc
          .tuple(
            fc.tuple(
              ...Object.entries((node.properties ?? {}) as Record<string, Node>).map(
                ([key, child]) => fc.tuple(fc.constant(key), valueFor(child), fc.nat(15)),
              ),
            ),
            fc.nat(5),
          )
          .map(([members, extra]) => {
            const value = Object.fromEntries(
              members.filter(([, , roll]) => roll > 0).map(([key, member]) => [key, member]),
            )
            if (extra === 0) value.extra = 'x'
            return value
          })
      : type === 'array'
        ? fc.array(
            node.items === undefined ? fc.jsonValue({ maxDepth: 1 }) : valueFor(node.items as Node),
            {
              maxLength: 4,
            },
          )
        : scalarFor(node)
  const wrong = fc.constantFrom<unknown>('x', 0, 1.5, true, null, [], {})
  return fc.oneof(
    { weight: 1, arbitrary: wrong },
    // (the rest: mostly valid, so that valid values deep in the tree are common)
    { weight: Array.isArray(node.type) ? 4 : 0, arbitrary: fc.constant(null) },
    { weight: 30, arbitrary: base },
  )
}

/** A small deterministic generator, seeded by fast-check. */
export function generator(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/**
 * `value` (a fresh tree, written in place) with one member somewhere below replaced by one of the
 * containers above it: a cycle.
 */
export function closeCycle(value: unknown, random: () => number): unknown {
  const path: object[] = []
  let container: unknown = value
  while (typeof container === 'object' && container !== null) {
    path.push(container)
    const keys = Object.keys(container)
    if (keys.length === 0) break
    const key = keys[Math.floor(random() * keys.length)]!
    const below = Object.getOwnPropertyDescriptor(container, key)
    if (below === undefined || !('value' in below)) break
    if (random() < 0.4 || typeof below.value !== 'object' || below.value === null) {
      const ancestor = path[Math.floor(random() * path.length)]
      ;(container as Record<string, unknown>)[key] = ancestor
      break
    }
    container = below.value
  }
  return value
}
