import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { propertyParameters } from '../../../property-runs.shared.js'
import { assertSupportedOutputSchema } from './assert-supported-output-schema.js'
import { OutputSchemaError } from './output-schema-error.js'
import { asMember, violationsOf } from './__fixtures__/output-schema.js'
import { revokedProxy, trapThrowing } from '@toolpipe/hostile-values'

// The keywords SPEC §9.1 adds to the subset: each accepted where it belongs, refused elsewhere.

describe('a hostile schema', () => {
  it('is refused with OutputSchemaError wherever its getters or Proxy traps throw', () => {
    const traps = ['get', 'ownKeys', 'getOwnPropertyDescriptor', 'getPrototypeOf', 'has'] as const
    const places = [
      (node: unknown) => node,
      (node: unknown) => asMember(node),
      (node: unknown) => asMember({ anyOf: [node] }),
      (node: unknown) => asMember({ type: 'array', items: node }),
      (node: unknown) => ({ type: 'object', properties: node }),
      (node: unknown) => asMember({ type: 'string', enum: node }),
      (node: unknown) => asMember({ anyOf: node }),
      (node: unknown) => asMember({ type: 'string', pattern: node }),
    ]
    fc.assert(
      fc.property(
        fc.constantFrom(...traps),
        fc.constantFrom(...places),
        fc.boolean(),
        (trap, place, revoked) => {
          const hostile = revoked ? revokedProxy({ type: 'string' }) : trapThrowing(['x'], trap)
          try {
            assertSupportedOutputSchema(place(hostile))
          } catch (error) {
            expect(error).toBeInstanceOf(OutputSchemaError)
          }
        },
      ),
      propertyParameters(200),
    )
  })

  it('with a throwing getter on a new keyword names that keyword', () => {
    const node = {
      type: 'string',
      get minLength(): number {
        throw new Error('boom')
      },
    }
    expect(violationsOf(asMember(node))).toEqual([
      'schema.properties.a: "minLength" could not be read: boom',
    ])
    const alternatives = [{ type: 'string' }]
    Object.defineProperty(alternatives, 0, {
      get: () => {
        throw new Error('no alternative')
      },
    })
    expect(violationsOf(asMember({ anyOf: alternatives }))).toEqual([
      'schema.properties.a: "anyOf"[0] could not be read: no alternative',
    ])
  })
})

describe('a hostile schema, named place by place', () => {
  const trap = (): never => {
    throw new Error('trap')
  }
  /** An array whose `length` cannot be read. */
  const lengthless = (items: unknown[]) =>
    new Proxy(items, {
      get: (target, key): unknown => (key === 'length' ? trap() : Reflect.get(target, key)),
    })
  /** An array whose element `index` throws when read. */
  const withThrowingElement = (items: unknown[], index: number) =>
    Object.defineProperty([...items], index, { enumerable: true, get: trap })

  it.each([
    [
      '"type" as an array',
      asMember({ type: lengthless(['string', 'null']) }),
      'schema.properties.a: "type" could not be read: trap',
    ],
    [
      '"required"',
      { type: 'object', properties: {}, required: lengthless(['a']) },
      'schema: "required" could not be read: trap',
    ],
    [
      'a "required" element',
      {
        type: 'object',
        properties: { a: { type: 'string' } },
        required: withThrowingElement(['a'], 0),
      },
      'schema: "required"[0] could not be read: trap',
    ],
    [
      '"enum"',
      asMember({ type: 'string', enum: lengthless(['x']) }),
      'schema.properties.a: "enum" could not be read: trap',
    ],
    [
      'an "enum" member',
      asMember({ type: 'string', enum: withThrowingElement(['x', 'y'], 1) }),
      'schema.properties.a: "enum"[1] could not be read: trap',
    ],
    [
      '"anyOf"',
      asMember({ anyOf: lengthless([{ type: 'string' }]) }),
      'schema.properties.a: "anyOf" could not be read: trap',
    ],
    [
      'the listing of "properties"',
      { type: 'object', properties: new Proxy({ a: { type: 'string' } }, { ownKeys: trap }) },
      'schema: "properties" could not be listed: trap',
    ],
    [
      'a "properties" member',
      {
        type: 'object',
        properties: Object.defineProperty({}, 'a', { enumerable: true, get: trap }),
      },
      'schema.properties.a: "properties" member could not be read: trap',
    ],
  ])('%s', (_label, schema, violation) => {
    expect(violationsOf(schema)).toEqual([violation])
  })

  it('a hole in "enum" or "required" is named as a hole', () => {
    // eslint-disable-next-line no-sparse-arrays
    expect(violationsOf(asMember({ type: 'string', enum: ['x', , 'y'] }))).toEqual([
      'schema.properties.a: "enum"[1] is a hole in a sparse array',
    ])
    // eslint-disable-next-line no-sparse-arrays
    const required = [, 'a']
    expect(
      violationsOf({ type: 'object', properties: { a: { type: 'string' } }, required }),
    ).toEqual(['schema: "required"[0] is a hole in a sparse array'])
  })
})

describe('what reading a schema says, case by case', () => {
  it('an enum or const member of another type than its node, named by type', () => {
    expect(violationsOf(asMember({ type: 'integer', enum: ['x', 1.5, 2] }))).toEqual([
      'schema.properties.a: "enum"[0] must match the node\'s "type": "integer", got string',
      'schema.properties.a: "enum"[1] must match the node\'s "type": "integer", got 1.5',
    ])
    expect(violationsOf(asMember({ type: 'number', const: 'x' }))).toEqual([
      'schema.properties.a: "const" must match the node\'s "type": "number", got string',
    ])
    expect(violationsOf(asMember({ type: 'boolean', enum: [true, 0] }))).toEqual([
      'schema.properties.a: "enum"[1] must match the node\'s "type": "boolean", got number',
    ])
  })

  it('a "required" beside broken "properties" adds nothing to what "properties" says', () => {
    expect(violationsOf({ type: 'object', properties: 5, required: ['a'] })).toEqual([
      'schema: "properties" must be a plain object of schema nodes, got number',
    ])
  })

  it('annotations beside "anyOf" are checked like any others', () => {
    expect(violationsOf(asMember({ anyOf: [{ type: 'string' }], description: 5 }))).toEqual([
      'schema.properties.a: "description" must be a string, got number',
    ])
  })

  it('a circular schema names the very node it returns to, after any sibling', () => {
    const loop: Record<string, unknown> = { type: 'object' }
    loop.properties = { again: loop }
    const schema = {
      type: 'object',
      properties: {
        before: { type: 'object', properties: { deep: { type: 'object', properties: {} } } },
        loop,
      },
    }
    expect(violationsOf(schema)).toEqual([
      'schema.properties.loop.properties.again: circular schema: this node is also schema.properties.loop',
    ])
  })

  it('the same example twice is fine: sharing is not a cycle', () => {
    const shared = { a: [1] }
    expect(() => {
      assertSupportedOutputSchema({ type: 'object', examples: [shared, shared, { b: shared }] })
    }).not.toThrow()
  })
})
