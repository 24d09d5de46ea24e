import { describe, expect, it } from 'vitest'
import { formatJsonPath } from './format-json-path.js'

describe('formatJsonPath', () => {
  it('writes $ for the root', () => {
    expect(formatJsonPath([])).toBe('$')
  })

  it('writes identifier keys with a dot, indexes and other keys in brackets', () => {
    expect(formatJsonPath(['a', 2, 'b'])).toBe('$.a[2].b')
    expect(formatJsonPath(['odd key', '1', '', 'é'])).toBe('$["odd key"]["1"][""]["é"]')
    expect(formatJsonPath(['_x', '$y', 'z9'])).toBe('$._x.$y.z9')
  })

  it('takes ASCII letters of both cases, and digits after the first character', () => {
    expect(formatJsonPath(['A', 'Z', 'aZ', 'a', 'z', 'x0', 'x9'])).toBe('$.A.Z.aZ.a.z.x0.x9')
    // The neighbours of those ranges are not identifier characters.
    const neighbours = ['@', '[', '`', '{', '/', ':', 'x@', 'x[', 'x`', 'x{', 'x/', 'x:', '0x']
    for (const key of neighbours) {
      expect(formatJsonPath([key])).toBe(`$[${JSON.stringify(key)}]`)
    }
  })

  it('escapes quotes and control characters as JSON strings', () => {
    expect(formatJsonPath(['say "hi"', 'line\nbreak'])).toBe('$["say \\"hi\\""]["line\\nbreak"]')
  })

  it('starts a bare path with the first key when the root is empty', () => {
    expect(formatJsonPath(['edits', 3, 'path'], '')).toBe('edits[3].path')
    expect(formatJsonPath([0, 'a'], '')).toBe('[0].a')
    expect(formatJsonPath(['odd key'], '')).toBe('["odd key"]')
  })
})
