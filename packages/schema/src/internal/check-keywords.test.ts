import { describe, expect, it } from 'vitest'
import {
  checkBoundOrder,
  checkCount,
  checkCountOrder,
  checkEnum,
  checkFinite,
  checkPattern,
  checkPlacement,
  checkTrue,
  checkType,
  keywordList,
  placements,
} from './check-keywords.js'
import { startWalk } from './spec-walk.js'

/** The messages of the mistakes `check` finds. */
function mistakesOf(check: (walk: ReturnType<typeof startWalk>) => unknown): string[] {
  const walk = startWalk()
  check(walk)
  return walk.mistakes.map((found) => found.message)
}

describe('the DSL’s keyword table', () => {
  it('places each keyword on its types, and lists every keyword for an unknown one', () => {
    expect(placements.get('pattern')).toEqual(['string'])
    expect(placements.get('minimum')).toEqual(['number', 'integer'])
    expect(placements.get('enum')).toEqual(['string', 'number', 'integer'])
    expect(keywordList).toBe(
      'type, required, description, nullable, default, enum, minLength, maxLength, pattern, minimum, maximum, exclusiveMinimum, exclusiveMaximum, properties, items, minItems, maxItems, anyOf',
    )
  })
})

describe('the checks of one keyword', () => {
  it('checkPlacement refuses a keyword off its types, naming them', () => {
    expect(mistakesOf((walk) => checkPlacement('pattern', 'string', walk))).toEqual([])
    expect(mistakesOf((walk) => checkPlacement('minimum', 'string', walk))).toEqual([
      'spec.minimum is only allowed on types "number" and "integer", not "string"',
    ])
    expect(mistakesOf((walk) => checkPlacement('items', 'object', walk))).toEqual([
      'spec.items is only allowed on type "array", not "object"',
    ])
  })

  it('checkType and checkTrue refuse what the DSL does not take', () => {
    expect(mistakesOf((walk) => checkType(undefined, walk))).toEqual([
      'spec.type is missing: one of "string", "number", "integer", "boolean", "object", "array" (or give the prop an anyOf)',
    ])
    expect(mistakesOf((walk) => checkType('null', walk))).toEqual([
      'spec.type must be one of "string", "number", "integer", "boolean", "object", "array", got "null"',
    ])
    expect(mistakesOf((walk) => checkTrue(false, 'required', walk))).toEqual([
      'spec.required must be true or left out, got false',
    ])
  })

  it('checkEnum copies the members of the type, refusing each other one', () => {
    const walk = startWalk()
    const members = checkEnum([1, 1.5, 'x', 2], 'integer', walk)
    expect(members).toEqual([1, 2])
    expect(Object.isFrozen(members)).toBe(true)
    expect(walk.mistakes.map((found) => found.message)).toEqual([
      'spec.enum[1] must be an integer, got 1.5',
      'spec.enum[2] must be an integer, got "x"',
    ])
    expect(mistakesOf((walk) => checkEnum([], 'string', walk))).toEqual([
      'spec.enum must list at least one value',
    ])
    expect(mistakesOf((walk) => checkEnum('a', 'string', walk))).toEqual([
      'spec.enum must be an array of strings, got "a"',
    ])
  })

  it('checkFinite, checkCount and checkPattern refuse what no bound can be', () => {
    expect(mistakesOf((walk) => checkFinite(Infinity, 'maximum', walk))).toEqual([
      'spec.maximum must be a finite number, got Infinity',
    ])
    expect(mistakesOf((walk) => checkCount(-1, 'minItems', walk))).toEqual([
      'spec.minItems must be a non-negative integer, got -1',
    ])
    expect(mistakesOf((walk) => checkPattern(3, walk))).toEqual([
      'spec.pattern must be a string, got 3',
    ])
    expect(mistakesOf((walk) => checkPattern('(', walk))[0]).toMatch(
      /^spec\.pattern "\(" does not compile as an ECMAScript regular expression with the u flag: /,
    )
  })
})

describe('the orders between bounds', () => {
  it('refuses bounds no number satisfies, at the lower one', () => {
    const bounds = { minimum: 3, maximum: 2, exclusiveMinimum: undefined, exclusiveMaximum: 3 }
    expect(
      mistakesOf((walk) => {
        checkBoundOrder(bounds, walk)
      }),
    ).toEqual([
      'spec.minimum 3 and maximum 2 leave no number that could match',
      'spec.minimum 3 and exclusiveMaximum 3 leave no number that could match',
    ])
  })

  it('refuses a lower count above the upper one', () => {
    expect(
      mistakesOf((walk) => {
        checkCountOrder(5, 2, ['minLength', 'maxLength'], 'string', walk)
      }),
    ).toEqual(['spec.minLength 5 is greater than maxLength 2: no string could match'])
    expect(
      mistakesOf((walk) => {
        checkCountOrder(2, 2, ['minItems', 'maxItems'], 'array', walk)
      }),
    ).toEqual([])
  })
})
