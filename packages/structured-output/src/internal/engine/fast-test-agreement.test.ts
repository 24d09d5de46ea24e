import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Node } from '../../__fixtures__/keyword-arbitraries.js'
import { propertyParameters } from '../../../../../property-runs.shared.js'
import { containerNode, objectList } from './__fixtures__/agreement-schemas.js'
import { closeCycle, generator, valueFor } from './__fixtures__/agreement-values.js'
import { compile } from './__fixtures__/compile.js'
import { canGenerateCode } from './generated-test.js'
import { roughen } from './__fixtures__/unusual-values.js'

// The engine's contract between its two paths (validator.ts): `isValid` says valid exactly when
// `collect` finds no issue, for every schema and every value, in both dialects. The fast tests
// have loops of their own for the shapes models write most (flat objects, arrays of objects,
// objects of 9+ members looked up by name, more than 31 required members, keys out of order),
// and the issue walk has its own for each dialect: this property meets them all with values a
// hostile or careless producer makes (other prototypes and realms, array subclasses, holes,
// cycles, inherited and undefined members, throwing getters).

/**
 * Asserts, in both dialects, that the fast test is valid exactly when the walk finds nothing: the
 * closures' test, and the generated one where code generation is allowed (the differential
 * between the two back ends, on these hostile values too).
 */
function assertAgreement(schema: Node, value: unknown): void {
  const backEnds = canGenerateCode()
    ? (['closures', 'generated'] as const)
    : (['closures'] as const)
  for (const dialect of ['json', 'args'] as const) {
    for (const backEnd of backEnds) {
      const validator = compile(schema, dialect, backEnd)
      const found = validator.collect(value)
      expect(
        validator.isValid(value),
        `${dialect}, ${backEnd}: the fast test disagrees with the issue walk (${found.map((issue) => issue.code).join(', ')})`,
      ).toBe(found.length === 0)
    }
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

describe('the fast test agrees with the issue walk', () => {
  it('when an earlier alternative of a union has more issues than the budget (a seed found it)', () => {
    const required = Array.from({ length: 60 }, (_, index) => `m${String(index)}`)
    const schema = {
      anyOf: [
        {
          type: 'array',
          minItems: 2,
          items: {
            type: 'object',
            properties: Object.fromEntries(required.map((name) => [name, { type: 'number' }])),
            required,
            additionalProperties: false,
          },
        },
        { type: 'array', minItems: 0 },
      ],
    }
    // 3 × 60 missing members in the first alternative; the second accepts the value.
    assertAgreement(schema, [{}, {}, {}])
    expect(compile(schema as Node, 'json').collect([{}, {}, {}])).toEqual([])
  })

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

  // A union that runs the issue budget out is listed with the alternatives that fit whole: an
  // alternative cut short would hold the issues its dialect met first (seed -1825378701).
  it('for a union whose alternatives pass the issue budget', () => {
    const required = Array.from({ length: 36 }, (_, index) => `m${String(index)}`)
    const schema = {
      type: ['array', 'null'],
      items: {
        anyOf: [
          { type: 'object', properties: { c: { type: 'number' } }, required: ['c'] },
          { type: 'object', properties: { id: { type: 'number', minimum: 1 } } },
          {
            type: 'object',
            properties: Object.fromEntries(required.map((name) => [name, { type: 'string' }])),
            required,
            additionalProperties: false,
          },
        ],
      },
      maxItems: 3,
    } as unknown as Node
    const value = [0, 1, 2].map(() => ({ id: -0, extra: 'x' }))
    const json = compile(schema, 'json').collect(value)
    const args = compile(schema, 'args').collect(value)
    expect(issueSet(args)).toEqual(issueSet(json))
    expect(json.at(-1)?.code).toBe('too_many_issues')
  })
})
