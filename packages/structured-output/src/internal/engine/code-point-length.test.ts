import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { propertyParameters } from '../../../../../property-runs.shared.js'
import { codePointLength, hasCodePointLength } from './code-point-length.js'

describe('codePointLength', () => {
  it('counts a surrogate pair once and a lone surrogate once', () => {
    expect(codePointLength('')).toBe(0)
    expect(codePointLength('abc')).toBe(3)
    expect(codePointLength('😀')).toBe(1)
    expect(codePointLength('a😀b')).toBe(3)
    expect(codePointLength('\ud83d')).toBe(1)
    expect(codePointLength('\ude00\ud83d')).toBe(2)
    expect(codePointLength('\ud83d\ud83d\ude00')).toBe(2)
  })

  it('pairs exactly a high surrogate (0xd800–0xdbff) with a low one (0xdc00–0xdfff) after it', () => {
    // Each edge of both ranges, and their neighbours outside.
    const cases: [string, number][] = [
      ['\ud800\udc00', 1],
      ['\udbff\udfff', 1],
      ['\ud800\udfff', 1],
      ['\udbff\udc00', 1],
      ['\ud7ff\udc00', 2],
      ['\udc00\udc00', 2],
      ['\ud800\udbff', 2],
      ['\ud800\ue000', 2],
      ['a\udc00', 2],
      ['\uffff\udfff', 2],
    ]
    for (const [value, length] of cases) {
      expect(codePointLength(value), JSON.stringify(value)).toBe(length)
      expect(codePointLength(value)).toBe(Array.from(value).length)
    }
  })

  it('agrees with the string iterator on any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        expect(codePointLength(value)).toBe(Array.from(value).length)
      }),
      propertyParameters(100),
    )
  })
})

describe('hasCodePointLength', () => {
  it('decides at the edges of both bounds, where the UTF-16 length alone says too little', () => {
    // Two code points in four units, and two in two.
    for (const [value, points] of [
      ['😀😀', 2],
      ['ab', 2],
      ['a😀', 2],
    ] as const) {
      expect(hasCodePointLength(value, points, points), value).toBe(true)
      expect(hasCodePointLength(value, points + 1, undefined), value).toBe(false)
      expect(hasCodePointLength(value, undefined, points - 1), value).toBe(false)
      expect(hasCodePointLength(value, undefined, undefined), value).toBe(true)
    }
    expect(hasCodePointLength('😀', 2, undefined)).toBe(false)
    expect(hasCodePointLength('😀😀😀', undefined, 3)).toBe(true)
    expect(hasCodePointLength('😀😀😀', undefined, 2)).toBe(false)
    expect(hasCodePointLength('', 0, 0)).toBe(true)
    expect(hasCodePointLength('', 1, undefined)).toBe(false)
  })

  it('agrees with counting, for any bounds', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 12 }),
        fc.option(fc.nat(14), { nil: undefined }),
        fc.option(fc.nat(14), { nil: undefined }),
        (value, min, max) => {
          const length = Array.from(value).length
          const expected =
            (min === undefined || length >= min) && (max === undefined || length <= max)
          expect(hasCodePointLength(value, min, max)).toBe(expected)
        },
      ),
      propertyParameters(2000),
    )
  })
})
