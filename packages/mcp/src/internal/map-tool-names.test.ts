import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { mapToolNames } from './map-tool-names.js'
import { stableHash } from './stable-hash.js'

const safe = /^[a-zA-Z0-9_-]{1,64}$/

describe('mapToolNames', () => {
  it('keeps a name that is already safe, and prefixes it with prefix_', () => {
    expect(mapToolNames(['read_file', 'git-log'], undefined)).toEqual(
      new Map([
        ['read_file', 'read_file'],
        ['git-log', 'git-log'],
      ]),
    )
    expect(mapToolNames(['read_file'], 'fs')).toEqual(new Map([['read_file', 'fs_read_file']]))
  })

  it('replaces every other character by _, one per code point', () => {
    expect(mapToolNames(['files.read', 'github/create issue', 'émoji😀', ''], undefined)).toEqual(
      new Map([
        ['files.read', 'files_read'],
        ['github/create issue', 'github_create_issue'],
        ['émoji😀', '_moji_'],
        ['', '_'],
      ]),
    )
  })

  it('shortens a name past 64 characters to its first 55, _ and the stable hash of the original', () => {
    const long = `${'a'.repeat(70)}.tool`
    const mapped = mapToolNames([long], 'p').get(long)
    expect(mapped).toBe(`p_${'a'.repeat(53)}_${stableHash(long)}`)
    expect(mapped).toHaveLength(64)
  })

  it('lets the name that spells the candidate exactly keep it; the others get the hash of their own name', () => {
    const mapped = mapToolNames(['a.b', 'a_b', 'a/b'], undefined)
    expect(mapped.get('a_b')).toBe('a_b')
    expect(mapped.get('a.b')).toBe(`a_b_${stableHash('a.b')}`)
    expect(mapped.get('a/b')).toBe(`a_b_${stableHash('a/b')}`)
  })

  it('without an exact spelling, the first name in code-unit order keeps the candidate', () => {
    const mapped = mapToolNames(['a/b', 'a.b'], undefined)
    expect(mapped.get('a.b')).toBe('a_b')
    expect(mapped.get('a/b')).toBe(`a_b_${stableHash('a/b')}`)
  })

  it('never hands out a name twice, even when a disambiguated name is some other tool’s own name', () => {
    const taken = `a_b_${stableHash('a.b')}`
    const mapped = mapToolNames(['a.b', 'a_b', taken], undefined)
    expect(mapped.get(taken)).toBe(taken)
    expect(mapped.get('a.b')).toBe(`a_b_${stableHash('a.b#1')}`)
    expect(new Set(mapped.values()).size).toBe(3)
  })

  it('is a function of the set of names: safe, unique, and the same whatever order they come in', () => {
    const names = fc.uniqueArray(
      fc.oneof(
        fc.string({ maxLength: 80 }),
        fc.constantFrom('a.b', 'a_b', 'a/b', 'a b', 'x'.repeat(70), `${'x'.repeat(70)}!`),
      ),
      { maxLength: 12 },
    )
    fc.assert(
      fc.property(names, fc.option(fc.constantFrom('srv', 'a', 'github-tools')), (list, prefix) => {
        const mapped = mapToolNames(list, prefix ?? undefined)
        const reversed = mapToolNames([...list].reverse(), prefix ?? undefined)
        expect([...mapped.keys()].sort()).toEqual([...list].sort())
        for (const name of mapped.values()) expect(name).toMatch(safe)
        expect(new Set(mapped.values()).size).toBe(list.length)
        for (const original of list) expect(reversed.get(original)).toBe(mapped.get(original))
      }),
    )
  })
})

describe('stableHash', () => {
  it('is eight hex digits that depend on the text alone (FNV-1a 32-bit)', () => {
    expect(stableHash('')).toBe('811c9dc5')
    expect(stableHash('a')).toBe('e40c292c')
    expect(stableHash('files.read')).toBe(stableHash('files.read'))
    expect(stableHash('files.read')).not.toBe(stableHash('files/read'))
  })
})
