import { describe, expect, it } from 'vitest'
import { canonicalJson } from './canonical-json.js'

describe('canonicalJson', () => {
  it('sorts keys at every level and writes no spaces', () => {
    expect(canonicalJson({ b: 1, a: [{ d: null, c: 'x' }] })).toBe(
      '{"a":[{"c":"x","d":null}],"b":1}',
    )
    expect(canonicalJson({ b: 1, a: 2 })).toBe(canonicalJson({ a: 2, b: 1 }))
    expect(canonicalJson(undefined)).toBe('null')
    expect(canonicalJson('a"b')).toBe('"a\\"b"')
  })

  it('keeps a __proto__ key as data', () => {
    const value = JSON.parse('{"__proto__":{"x":1}}') as unknown
    expect(canonicalJson(value)).toBe('{"__proto__":{"x":1}}')
  })
})
