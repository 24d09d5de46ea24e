import fc from 'fast-check'
import { schemaNode } from '../../../__fixtures__/keyword-arbitraries.js'
import type { Node } from '../../../__fixtures__/keyword-arbitraries.js'

// The schemas of fast-test-agreement.test.ts: the shapes the fast tests have loops of their own
// for (flat objects, arrays of objects, objects of 9+ members, more than 31 required members),
// nested, beside every keyword's nodes.

export const simpleChild = fc.constantFrom<Node>(
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

export const flatChild = fc.constantFrom<Node>(
  { type: 'string' },
  { type: 'number' },
  { type: 'boolean' },
)

/** An open object of strings, numbers and booleans alone (its own loops: flat-object-test.ts). */
export const flatObject: fc.Arbitrary<Node> = fc
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
export const wideObject: fc.Arbitrary<Node> = fc
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
export function objectOf(child: fc.Arbitrary<Node>): fc.Arbitrary<Node> {
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
export function arrayOf(items: fc.Arbitrary<Node>): fc.Arbitrary<Node> {
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

export function anyOfOf(alternative: fc.Arbitrary<Node>): fc.Arbitrary<Node> {
  return fc.array(alternative, { minLength: 1, maxLength: 3 }).map((anyOf) => ({ anyOf }))
}

export const levelOne: fc.Arbitrary<Node> = fc.oneof(
  simpleChild,
  flatObject,
  wideObject,
  objectOf(simpleChild),
  schemaNode(1),
)

export const levelTwo: fc.Arbitrary<Node> = fc.oneof(
  arrayOf(levelOne),
  objectOf(levelOne),
  anyOfOf(levelOne),
)

/** Objects and arrays of them, nested, flat or not, open or closed, nullable or not. */
export const containerNode: fc.Arbitrary<Node> = fc.oneof(
  levelOne,
  levelTwo,
  arrayOf(levelTwo),
  objectOf(levelTwo),
  anyOfOf(levelTwo),
)

/** Arrays of objects: the loops that check an object per element (object-elements-test.ts). */
export const objectList: fc.Arbitrary<Node> = fc
  .record({
    items: fc.oneof(flatObject, objectOf(simpleChild), wideObject, objectOf(levelOne)),
    nested: fc.boolean(),
  })
  .map(({ items, nested }) => {
    const list: Node = { type: 'array', items }
    return nested ? { type: 'object', properties: { list, other: list } } : list
  })
