import { describe, expect, it } from 'vitest'
import { stableHash } from './stable-hash.js'

describe('stableHash', () => {
  it('is FNV-1a over the UTF-16 code units, as eight lowercase hex digits', () => {
    // The published FNV-1a 32-bit values of "" and "a".
    expect(stableHash('')).toBe('811c9dc5')
    expect(stableHash('a')).toBe('e40c292c')
    expect(stableHash('read_file')).toMatch(/^[0-9a-f]{8}$/)
  })

  it('depends only on the text', () => {
    expect(stableHash('github_create_issue')).toBe(stableHash('github_create_issue'))
    expect(stableHash('read-file')).not.toBe(stableHash('read_file'))
  })
})
