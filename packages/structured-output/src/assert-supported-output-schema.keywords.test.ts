import { describe, expect, it } from 'vitest'
import { assertSupportedOutputSchema } from './assert-supported-output-schema.js'
import { asMember, violationsOf } from './__fixtures__/output-schema.js'

// The keywords SPEC §9.1 adds to the subset: each accepted where it belongs, refused elsewhere.

function accepts(node: unknown): void {
  expect(() => {
    assertSupportedOutputSchema(asMember(node))
  }).not.toThrow()
}

describe('the §9.1 keywords, accepted where they belong', () => {
  it('bounds on numbers and integers, lengths and a pattern on strings, counts on arrays', () => {
    accepts({ type: 'number', minimum: -1.5, maximum: 1e300, exclusiveMinimum: -2 })
    accepts({ type: 'integer', exclusiveMaximum: 10, minimum: 0 })
    accepts({ type: 'number', minimum: 3, maximum: 3 })
    accepts({ type: 'string', minLength: 0, maxLength: 80, pattern: '^\\p{Lu}' })
    accepts({ type: 'string', minLength: 2.0, maxLength: 2 })
    accepts({ type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 10 })
  })

  it('[type, "null"] for every type but null, with the keywords of that type', () => {
    for (const type of ['object', 'array', 'string', 'number', 'integer', 'boolean']) {
      accepts({ type: [type, 'null'] })
    }
    accepts({ type: ['string', 'null'], maxLength: 3, enum: ['a', null], default: null })
    accepts({ type: ['integer', 'null'], minimum: 0, const: null })
    accepts({ type: ['object', 'null'], properties: { b: { type: 'string' } }, required: ['b'] })
    accepts({ type: ['array', 'null'], items: { type: ['number', 'null'] }, maxItems: 2 })
  })

  it('anyOf of nodes below the root, nested, with annotations beside it', () => {
    accepts({ anyOf: [{ type: 'string' }, { type: 'integer', minimum: 0 }] })
    accepts({
      anyOf: [{ anyOf: [{ type: 'null' }, { type: 'boolean' }] }, { type: 'array' }],
      description: 'a flag or a list',
      title: 'Flag',
      default: null,
      examples: [true, []],
    })
    accepts({ type: 'array', items: { anyOf: [{ type: 'string' }] } })
  })
})

describe('the §9.1 keywords, refused where they do not belong', () => {
  it.each([
    [
      { type: 'number', minLength: 1 },
      '"minLength" is only allowed on "string" nodes, not on "type": "number"',
    ],
    [
      { type: 'string', minimum: 1 },
      '"minimum" is only allowed on "number" and "integer" nodes, not on "type": "string"',
    ],
    [
      { type: 'boolean', exclusiveMaximum: 1 },
      '"exclusiveMaximum" is only allowed on "number" and "integer" nodes, not on "type": "boolean"',
    ],
    [
      { type: 'integer', pattern: 'x' },
      '"pattern" is only allowed on "string" nodes, not on "type": "integer"',
    ],
    [
      { type: 'object', maxItems: 1 },
      '"maxItems" is only allowed on "array" nodes, not on "type": "object"',
    ],
    [
      { type: ['integer', 'null'], maxLength: 1 },
      '"maxLength" is only allowed on "string" nodes, not on "type": ["integer", "null"]',
    ],
    [
      { type: ['object', 'null'], enum: [null] },
      '"enum" is only allowed on scalar nodes, not on "type": ["object", "null"]',
    ],
  ])('%j', (node, violation) => {
    expect(violationsOf(asMember(node))).toEqual([`schema.properties.a: ${violation}`])
  })

  it('a bound that is not a finite number', () => {
    expect(
      violationsOf(
        asMember({ type: 'number', minimum: '3', maximum: Number.NaN, exclusiveMinimum: Infinity }),
      ),
    ).toEqual([
      'schema.properties.a: "minimum" must be a finite number, got string',
      'schema.properties.a: "maximum" must be a finite number, got NaN',
      'schema.properties.a: "exclusiveMinimum" must be a finite number, got Infinity',
    ])
  })

  it('a length or count that is not a non-negative integer', () => {
    expect(violationsOf(asMember({ type: 'string', minLength: -1, maxLength: 1.5 }))).toEqual([
      'schema.properties.a: "minLength" must be a non-negative integer, got -1',
      'schema.properties.a: "maxLength" must be a non-negative integer, got 1.5',
    ])
    expect(violationsOf(asMember({ type: 'array', minItems: '1', maxItems: null }))).toEqual([
      'schema.properties.a: "minItems" must be a non-negative integer, got string',
      'schema.properties.a: "maxItems" must be a non-negative integer, got null',
    ])
  })

  it('bounds that no value could meet (JSON Schema allows them; a model could only fail)', () => {
    expect(violationsOf(asMember({ type: 'number', minimum: 5, maximum: 3 }))).toEqual([
      'schema.properties.a: "minimum" 5 and "maximum" 3 leave no number that could match',
    ])
    expect(violationsOf(asMember({ type: 'integer', exclusiveMinimum: 3, maximum: 3 }))).toEqual([
      'schema.properties.a: "exclusiveMinimum" 3 and "maximum" 3 leave no number that could match',
    ])
    expect(violationsOf(asMember({ type: 'number', minimum: 1, exclusiveMaximum: 1 }))).toEqual([
      'schema.properties.a: "minimum" 1 and "exclusiveMaximum" 1 leave no number that could match',
    ])
    expect(violationsOf(asMember({ type: 'string', minLength: 5, maxLength: 2 }))).toEqual([
      'schema.properties.a: "minLength" 5 is greater than "maxLength" 2: nothing could match',
    ])
    expect(violationsOf(asMember({ type: 'array', minItems: 2, maxItems: 1 }))).toEqual([
      'schema.properties.a: "minItems" 2 is greater than "maxItems" 1: nothing could match',
    ])
  })

  it('a pattern that is not a string, or does not compile with the u flag', () => {
    expect(violationsOf(asMember({ type: 'string', pattern: /x/ }))).toEqual([
      'schema.properties.a: "pattern" must be a string, got an instance of RegExp',
    ])
    const [unbalanced] = violationsOf(asMember({ type: 'string', pattern: '(' }))
    expect(unbalanced).toMatch(
      /^schema\.properties\.a: "pattern" "\(" is not a valid regular expression with the u flag: /,
    )
    // Valid without the u flag, an error with it: JSON Schema patterns are u patterns.
    expect(() => new RegExp('\\-')).not.toThrow()
    expect(violationsOf(asMember({ type: 'string', pattern: '\\-' }))[0]).toMatch(
      /"pattern" "\\\\-" is not a valid regular expression with the u flag/,
    )
  })

  it('enum or const with null on a node that is not nullable', () => {
    expect(violationsOf(asMember({ type: 'string', enum: ['a', null] }))).toEqual([
      'schema.properties.a: "enum"[1] must match the node\'s "type": "string", got null',
    ])
    expect(violationsOf(asMember({ type: ['string', 'null'], const: 1 }))).toEqual([
      'schema.properties.a: "const" must match the node\'s "type": ["string", "null"], got number',
    ])
  })

  it('anyOf empty, not an array, beside type or another keyword, or holding a non-node', () => {
    expect(violationsOf(asMember({ anyOf: [] }))).toEqual([
      'schema.properties.a: "anyOf" must not be empty',
    ])
    expect(violationsOf(asMember({ anyOf: { type: 'string' } }))).toEqual([
      'schema.properties.a: "anyOf" must be an array of schema nodes, got object',
    ])
    expect(violationsOf(asMember({ type: 'string', anyOf: [{ type: 'string' }] }))).toEqual([
      'schema.properties.a: "anyOf" cannot stand beside "type": give each alternative its own "type"',
    ])
    expect(violationsOf(asMember({ anyOf: [{ type: 'string' }], minLength: 1 }))).toEqual([
      'schema.properties.a: "minLength" is not allowed beside "anyOf" (only description, title, default, examples are): put it in the alternatives',
    ])
    expect(
      violationsOf(asMember({ anyOf: [{ type: 'string' }, 'number', { minimum: 1 }] })),
    ).toEqual([
      'schema.properties.a.anyOf[1]: a schema node must be a plain object, got string',
      'schema.properties.a.anyOf[2]: "type" is missing (one of object, array, string, number, integer, boolean, null)',
    ])
    const sparse: unknown[] = [{ type: 'string' }]
    sparse[2] = { type: 'string' }
    expect(violationsOf(asMember({ anyOf: sparse }))).toEqual([
      'schema.properties.a: "anyOf"[1] is a hole in a sparse array',
    ])
  })

  it('anyOf, or a nullable type, at the root', () => {
    expect(violationsOf({ anyOf: [{ type: 'object' }] })).toEqual([
      'schema: the root must have "type": "object"; "anyOf" is only allowed below the root',
    ])
    expect(violationsOf({ type: ['object', 'null'] })).toEqual([
      'schema: the root must have "type": "object", got ["object", "null"]',
    ])
  })

  it('a circular anyOf', () => {
    const node: Record<string, unknown> = {}
    node.anyOf = [{ type: 'string' }, node]
    expect(violationsOf(asMember(node))).toEqual([
      'schema.properties.a.anyOf[1]: circular schema: this node is also schema.properties.a',
    ])
  })
})
