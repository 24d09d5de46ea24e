import { runInNewContext } from 'node:vm'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { schemaNode, valueNear } from '../../__fixtures__/keyword-arbitraries.js'
import type { Node } from '../../__fixtures__/keyword-arbitraries.js'
import { propertyParameters } from '../../../../../property-runs.shared.js'
import { readSchema } from '../read-schema.js'
import type { Dialect } from './node-check.js'
import type { Validator } from './validator.js'
import { createValidator } from './validator.js'

// The engine's contract between its two paths (validator.ts): `isValid` says valid exactly when
// `collect` finds no issue, for every schema and every value, in both dialects. The fast tests
// have loops of their own for the shapes models write most (flat objects, arrays of objects,
// objects of 9+ members looked up by name, more than 31 required members, keys out of order),
// and the issue walk has its own for each dialect: this property meets them all with values a
// hostile or careless producer makes (other prototypes and realms, array subclasses, holes,
// cycles, inherited and undefined members, throwing getters).

function compile(schema: Node, dialect: Dialect): Validator {
  const read = readSchema(schema, 'any')
  if (read.node === undefined) throw new Error(read.violations.join('; '))
  return createValidator(read.node, dialect)
}

const simpleChild = fc.constantFrom<Node>(
  { type: 'string' },
  { type: 'number' },
  { type: 'boolean' },
  { type: 'integer' },
  { type: 'null' },
  { type: 'string', enum: ['a', 'b'] },
  { type: ['integer', 'null'], enum: [1, 2, null] },
  { type: 'string', minLength: 1 },
  { type: ['number', 'null'] },
)

const flatChild = fc.constantFrom<Node>({ type: 'string' }, { type: 'number' }, { type: 'boolean' })

/** An open object of strings, numbers and booleans alone (its own loops: flat-object-test.ts). */
const flatObject: fc.Arbitrary<Node> = fc
  .record({
    keys: fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'toString', '1'), { maxLength: 5 }),
    children: fc.array(flatChild, { minLength: 5, maxLength: 5 }),
    required: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
  })
  .map(({ keys, children, required }) => ({
    type: 'object',
    properties: Object.fromEntries(keys.map((key, index) => [key, children[index]])),
    required: keys.filter((_, index) => required[index]),
  }))

/** An object node of many members (9 and more are looked up by name; 31+ required are counted). */
const wideObject: fc.Arbitrary<Node> = fc
  .record({
    count: fc.integer({ min: 2, max: 40 }),
    children: fc.oneof(
      fc.array(simpleChild, { minLength: 40, maxLength: 40 }),
      fc.array(flatChild, { minLength: 40, maxLength: 40 }),
    ),
    requiredAll: fc.boolean(),
    requiredEvery: fc.integer({ min: 1, max: 3 }),
    closed: fc.boolean(),
  })
  .map(({ count, children, requiredAll, requiredEvery, closed }) => {
    const keys = Array.from({ length: count }, (_, index) => `m${index}`)
    const node: Node = {
      type: 'object',
      properties: Object.fromEntries(keys.map((key, index) => [key, children[index]])),
      required: keys.filter((_, index) => requiredAll || index % requiredEvery === 0),
    }
    if (closed) node.additionalProperties = false
    return node
  })

/** An object node of `children`, open or closed, nullable or not. */
function objectOf(child: fc.Arbitrary<Node>): fc.Arbitrary<Node> {
  return fc
    .record({
      keys: fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'toString', '1'), { maxLength: 4 }),
      children: fc.array(fc.oneof(simpleChild, child), { minLength: 4, maxLength: 4 }),
      required: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
      closed: fc.boolean(),
      nullable: fc.boolean(),
    })
    .map(({ keys, children, required, closed, nullable }) => {
      const node: Node = {
        type: nullable ? ['object', 'null'] : 'object',
        properties: Object.fromEntries(keys.map((key, index) => [key, children[index]])),
        required: keys.filter((_, index) => required[index]),
      }
      if (closed) node.additionalProperties = false
      return node
    })
}

/** An array node of `items` (or of anything), with or without counts, nullable or not. */
function arrayOf(items: fc.Arbitrary<Node>): fc.Arbitrary<Node> {
  return fc
    .record(
      {
        items,
        minItems: fc.constantFrom(0, 1, 2),
        maxItems: fc.constantFrom(2, 3, 5),
        nullable: fc.boolean(),
      },
      { requiredKeys: ['nullable', 'items'] },
    )
    .chain(({ nullable, ...keywords }) =>
      fc.constantFrom<Node>(
        { type: nullable ? ['array', 'null'] : 'array', ...keywords },
        { type: 'array', ...keywords, items: undefined },
      ),
    )
    .map((node) => {
      if (node.items === undefined) delete node.items
      return node
    })
}

function anyOfOf(alternative: fc.Arbitrary<Node>): fc.Arbitrary<Node> {
  return fc.array(alternative, { minLength: 1, maxLength: 3 }).map((anyOf) => ({ anyOf }))
}

const levelOne: fc.Arbitrary<Node> = fc.oneof(
  simpleChild,
  flatObject,
  wideObject,
  objectOf(simpleChild),
  schemaNode(1),
)
const levelTwo: fc.Arbitrary<Node> = fc.oneof(
  arrayOf(levelOne),
  objectOf(levelOne),
  anyOfOf(levelOne),
)
/** Objects and arrays of them, nested, flat or not, open or closed, nullable or not. */
const containerNode: fc.Arbitrary<Node> = fc.oneof(
  levelOne,
  levelTwo,
  arrayOf(levelTwo),
  objectOf(levelTwo),
  anyOfOf(levelTwo),
)

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
function valueFor(node: Node): fc.Arbitrary<unknown> {
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

class Record2 {
  [key: string]: unknown
}
class List<T> extends Array<T> {}

/** A small deterministic generator, seeded by fast-check. */
function generator(seed: number): () => number {
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
 * `value` with some of its containers made unusual: another prototype or realm, a subclass,
 * keys in another order, inherited or undefined members, a throwing getter, a hole, a member
 * that is the same object as a container above (a shared value: the tree is rebuilt here, so
 * {@link closeCycle} makes the cycles).
 */
function roughen(value: unknown, random: () => number, ancestors: object[] = []): unknown {
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) {
    const list: unknown[] = value.map((item) => roughen(item, random, [...ancestors, value]))
    const roll = random()
    if (roll < 0.06 && list.length > 0) {
      // A hole where an element was.
      Reflect.deleteProperty(list, Math.floor(random() * list.length))
      return list
    }
    if (roll < 0.12) return List.from(list)
    if (roll < 0.18) {
      const foreign = runInNewContext('[]') as unknown[]
      foreign.push(...list)
      return foreign
    }
    if (roll < 0.24 && list.length > 0) {
      const target = [...ancestors, list][Math.floor(random() * (ancestors.length + 1))]
      list[Math.floor(random() * list.length)] = target
    }
    return list
  }
  const record = value as Record<string, unknown>
  const entries = Object.entries(record).map(
    ([key, member]) => [key, roughen(member, random, [...ancestors, record])] as const,
  )
  const roll = random()
  if (roll < 0.07) return Object.assign(Object.create(null) as object, Object.fromEntries(entries))
  if (roll < 0.12) {
    const foreign = runInNewContext('({})') as Record<string, unknown>
    for (const [key, member] of entries) foreign[key] = member
    return foreign
  }
  if (roll < 0.17) return Object.assign(new Record2(), Object.fromEntries(entries))
  if (roll < 0.27) return Object.fromEntries([...entries].reverse())
  if (roll < 0.32) {
    return Object.assign(
      Object.create({ a: 1, m1: 'inherited' }) as object,
      Object.fromEntries(entries),
    )
  }
  if (roll < 0.4 && entries.length > 0) {
    const [key] = entries[Math.floor(random() * entries.length)]!
    return { ...Object.fromEntries(entries), [key]: undefined, undefinedExtra: undefined }
  }
  if (roll < 0.45 && entries.length > 0) {
    const [key] = entries[Math.floor(random() * entries.length)]!
    return Object.defineProperty({ ...Object.fromEntries(entries) }, key, {
      enumerable: true,
      get: () => {
        throw new Error('unreadable')
      },
    })
  }
  if (roll < 0.5 && entries.length > 0) {
    const looped = Object.fromEntries(entries)
    const [key] = entries[Math.floor(random() * entries.length)]!
    looped[key] = [...ancestors, looped][Math.floor(random() * (ancestors.length + 1))]
    return looped
  }
  return Object.fromEntries(entries)
}

/**
 * `value` (a fresh tree, written in place) with one member somewhere below replaced by one of the
 * containers above it: a cycle.
 */
function closeCycle(value: unknown, random: () => number): unknown {
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

function assertAgreement(schema: Node, value: unknown): void {
  for (const dialect of ['json', 'args'] as const) {
    const validator = compile(schema, dialect)
    const found = validator.collect(value)
    expect(
      validator.isValid(value),
      `${dialect}: the fast test disagrees with the issue walk (${found.map((issue) => issue.code).join(', ')})`,
    ).toBe(found.length === 0)
  }
}

/** The issues as sorted [code, path] texts, the alternatives of a union included. */
function issueSet(
  issues: readonly { code: string; path: readonly (string | number)[] }[],
): string[] {
  return issues
    .map((issue) => {
      const alternatives = (issue as { alternatives?: (typeof issues)[] }).alternatives
      const nested = alternatives?.map((list) => issueSet(list).join(';')).join('|') ?? ''
      return `${issue.code} ${JSON.stringify(issue.path)} ${nested}`
    })
    .sort()
}

/** Arrays of objects: the loops that check an object per element (object-elements-test.ts). */
const objectList: fc.Arbitrary<Node> = fc
  .record({
    items: fc.oneof(flatObject, objectOf(simpleChild), wideObject, objectOf(levelOne)),
    nested: fc.boolean(),
  })
  .map(({ items, nested }) => {
    const list: Node = { type: 'array', items }
    return nested ? { type: 'object', properties: { list, other: list } } : list
  })

describe('the fast test agrees with the issue walk', () => {
  it('for values near the schema, in both dialects', () => {
    fc.assert(
      fc.property(
        containerNode.chain((schema) => fc.tuple(fc.constant(schema), valueFor(schema))),
        ([schema, value]) => {
          assertAgreement(schema, value)
        },
      ),
      propertyParameters(600, 300),
    )
  })

  it('for arrays of objects, element by element (their own loops)', () => {
    fc.assert(
      fc.property(
        objectList.chain((schema) =>
          fc.tuple(fc.constant(schema), valueFor(schema), fc.integer(), fc.boolean()),
        ),
        ([schema, value, seed, rough]) => {
          const random = generator(seed)
          const unusual = roughen(value, random)
          assertAgreement(schema, rough ? closeCycle(unusual, random) : value)
        },
      ),
      propertyParameters(600, 300),
    )
  })

  it('for values made unusual (prototypes, realms, subclasses, holes, cycles, getters)', () => {
    fc.assert(
      fc.property(
        containerNode.chain((schema) =>
          fc.tuple(fc.constant(schema), valueFor(schema), fc.integer()),
        ),
        ([schema, value, seed]) => {
          const random = generator(seed)
          const unusual = roughen(value, random)
          assertAgreement(schema, random() < 0.3 ? closeCycle(unusual, random) : unusual)
        },
      ),
      propertyParameters(600, 300),
    )
  })
})

describe('the two dialects find the same issues in plain data, each in its own order', () => {
  it('for values near the schema', () => {
    fc.assert(
      fc.property(
        containerNode.chain((schema) => fc.tuple(fc.constant(schema), valueFor(schema))),
        ([schema, value]) => {
          const json = compile(schema, 'json').collect(value)
          const args = compile(schema, 'args').collect(value)
          expect(issueSet(args)).toEqual(issueSet(json))
        },
      ),
      propertyParameters(600, 300),
    )
  })
})
