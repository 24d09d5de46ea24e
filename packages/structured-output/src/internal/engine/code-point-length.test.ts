import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { propertyParameters } from '../../__fixtures__/property-runs.js'
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
