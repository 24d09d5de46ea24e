import { describe, expect, it } from 'vitest'
import { checkPlacements, readKeywords, readType, typeText } from './read-keywords.js'

function reading<TResult>(read: (violation: (text: string) => void) => TResult) {
  const violations: string[] = []
  const result = read((text) => violations.push(text))
  return { result, violations }
}

describe('readKeywords', () => {
  it('reads each supported keyword once, an undefined one as absent, and refuses the others', () => {
    const { result, violations } = reading((violation) =>
      readKeywords({ type: 'string', minLength: 1, title: undefined, format: 'uri' }, violation),
    )
    expect(result).toEqual(
      new Map<string, unknown>([
        ['type', 'string'],
        ['minLength', 1],
      ]),
    )
    expect(violations).toEqual(['unsupported keyword "format"'])
  })

  it('says when a keyword, or the keywords themselves, cannot be read', () => {
    const node = {
      get type(): never {
        throw new Error('boom')
      },
    }
    expect(reading((violation) => readKeywords(node, violation)).violations).toEqual([
      '"type" could not be read: boom',
    ])
    const unlisted = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('no keys')
        },
      },
    )
    const { result, violations } = reading((violation) => readKeywords(unlisted, violation))
    expect(result).toBeUndefined()
    expect(violations).toEqual(['its keywords could not be listed: no keys'])
  })
})

describe('readType and typeText', () => {
  it('reads a type name, or [type, "null"] as nullable', () => {
    const plain = reading((violation) => readType(new Map([['type', 'string']]), violation))
    expect(plain.result).toEqual({ type: 'string', nullable: false })
    const nullable = reading((violation) =>
      readType(new Map([['type', ['integer', 'null']]]), violation),
    )
    expect(nullable.result).toEqual({ type: 'integer', nullable: true })
    expect(typeText({ type: 'integer', nullable: true })).toBe('["integer", "null"]')
    expect(typeText({ type: 'string', nullable: false })).toBe('"string"')
  })

  it('refuses a missing, unknown or unsupported type', () => {
    const cases: [unknown, string][] = [
      [
        undefined,
        '"type" is missing (one of object, array, string, number, integer, boolean, null)',
      ],
      [3, '"type" must be a string, got number'],
      [
        'date',
        '"type" "date" is unknown; use one of object, array, string, number, integer, boolean, null',
      ],
      [
        ['string', 'number'],
        '"type" must be a single type name, or [type, "null"] for a nullable node; other arrays of types are not supported',
      ],
    ]
    for (const [type, message] of cases) {
      const keywords = new Map<string, unknown>(type === undefined ? [] : [['type', type]])
      const { result, violations } = reading((violation) => readType(keywords, violation))
      expect(result).toBeUndefined()
      expect(violations).toEqual([message])
    }
  })
})

describe('checkPlacements', () => {
  it('refuses each keyword off the node’s type, naming where it belongs', () => {
    const keywords = new Map<string, unknown>([
      ['type', 'number'],
      ['minLength', 1],
      ['enum', [1]],
      ['items', {}],
    ])
    const { violations } = reading((violation) => {
      checkPlacements(keywords, { type: 'number', nullable: false }, violation)
    })
    expect(violations).toEqual([
      '"minLength" is only allowed on "string" nodes, not on "type": "number"',
      '"items" is only allowed on "array" nodes, not on "type": "number"',
    ])
  })
})
