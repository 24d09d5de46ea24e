import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { describeType, describeValue, quoteString } from './describe-value.js'
import { revokedProxy } from '@toolpipe/hostile-values'

const throwing = (): never => {
  throw new Error('trap')
}

describe('describeType', () => {
  it('names JSON data by its JSON type', () => {
    expect(['x', 1.5, -0, true, null, [], {}].map(describeType)).toEqual([
      'string',
      'number',
      'number',
      'boolean',
      'null',
      'array',
      'object',
    ])
  })

  it('names non-finite numbers and the other JavaScript types', () => {
    expect(
      [Number.NaN, Infinity, -Infinity, undefined, 1n, Symbol('s'), () => 1].map(describeType),
    ).toEqual(['NaN', 'Infinity', '-Infinity', 'undefined', 'a bigint', 'a symbol', 'a function'])
  })

  it('accepts null-prototype objects and data from another realm as plain', () => {
    expect(describeType(Object.create(null))).toBe('object')
    expect(describeType(runInNewContext('({ a: 1 })'))).toBe('object')
    expect(describeType(runInNewContext('[1]'))).toBe('array')
  })

  it('names instances, Array subclasses and custom prototypes', () => {
    class Numbers extends Array<number> {}
    expect(describeType(new Map())).toBe('an instance of Map')
    expect(describeType(new Date(0))).toBe('an instance of Date')
    expect(describeType(new Numbers())).toBe('an instance of Numbers')
    expect(describeType(Object.create({ a: 1 }))).toBe('an object with a custom prototype')
  })

  it('never throws on a revoked Proxy or throwing traps', () => {
    const proxy = revokedProxy()
    expect(describeType(proxy)).toBe('an unreadable object')
    expect(describeType(new Proxy({}, { getPrototypeOf: throwing }))).toBe('an unreadable object')
    expect(describeType(new Proxy({}, {}))).toBe('object')
  })
})

describe('describeValue', () => {
  it('writes scalars out', () => {
    expect(['x', 1, -0, 1.5e300, Number.NaN, true, null, undefined].map(describeValue)).toEqual([
      '"x"',
      '1',
      '-0',
      '1.5e+300',
      'NaN',
      'true',
      'null',
      'undefined',
    ])
  })

  it('names containers, with the first keys of an object', () => {
    expect(describeValue([1])).toBe('an array')
    expect(describeValue({})).toBe('an empty object')
    expect(describeValue({ kind: 'deny' })).toBe('an object with keys ["kind"]')
    const wide = Object.fromEntries('abcdefghij'.split('').map((key) => [key, 1]))
    expect(describeValue(wide)).toBe('an object with keys ["a","b","c","d","e","f","g","h",…]')
    const eight = Object.fromEntries('abcdefgh'.split('').map((key) => [key, 1]))
    expect(describeValue(eight)).toBe('an object with keys ["a","b","c","d","e","f","g","h"]')
  })

  it('falls back on describeType for everything else', () => {
    expect(describeValue(new Map())).toBe('an instance of Map')
    expect(describeValue(1n)).toBe('a bigint')
    expect(describeValue(new Proxy({}, { ownKeys: throwing }))).toBe('an unreadable object')
  })
})

describe('quoteString', () => {
  it('quotes as JSON, escaping only when needed', () => {
    expect(quoteString('plain')).toBe('"plain"')
    expect(quoteString('say "hi"\n')).toBe('"say \\"hi\\"\\n"')
    expect(quoteString('\ud800')).toBe('"\\ud800"')
  })

  it('escapes whatever JSON escapes, even when nothing else in the string needs it', () => {
    const strings = ['\n', '\u001f', '\t\r', '"', '\\', '\ud800', '\udfff', '\udc00x', ' ~\u007f']
    for (const value of strings) expect(quoteString(value)).toBe(JSON.stringify(value))
    expect(quoteString('😀')).toBe('"😀"')
    expect(quoteString('\udfff')).toBe('"\\udfff"')
    expect(quoteString('\u001f')).toBe('"\\u001f"')
  })

  it('cuts after 64 UTF-16 units, never inside a surrogate pair', () => {
    expect(quoteString('x'.repeat(100))).toBe(`"${'x'.repeat(64)}…"`)
    expect(quoteString('x'.repeat(64))).toBe(`"${'x'.repeat(64)}"`)
    const astral = `${'x'.repeat(63)}😀tail`
    expect(quoteString(astral)).toBe(`"${'x'.repeat(63)}…"`)
    // The first and the last astral code points: high halves 0xd800 and 0xdbff.
    expect(quoteString(`${'x'.repeat(63)}\u{10000}tail`)).toBe(`"${'x'.repeat(63)}…"`)
    expect(quoteString(`${'x'.repeat(63)}\u{10ffff}tail`)).toBe(`"${'x'.repeat(63)}…"`)
    // Above the surrogates, a character is one unit and stays.
    expect(quoteString(`${'x'.repeat(63)}\uff46tail`)).toBe(`"${'x'.repeat(63)}\uff46…"`)
    // A pair whose high half is the 64th unit's neighbour is kept whole.
    expect(quoteString(`${'x'.repeat(62)}😀tail`)).toBe(`"${'x'.repeat(62)}😀…"`)
  })
})
