import { describe, expect, it } from 'vitest'
import { matchesToolGlob } from './tool-glob.js'

describe('matchesToolGlob', () => {
  it('matches a Gemini tool name glob, `*` any run of characters', () => {
    expect(matchesToolGlob('run_*', 'run_shell')).toBe(true)
    expect(matchesToolGlob('*_file', 'read_file')).toBe(true)
    expect(matchesToolGlob('a*b*c', 'axxbyyc')).toBe(true)
    expect(matchesToolGlob('a*b', 'ab')).toBe(true)
    expect(matchesToolGlob('x', 'x')).toBe(true)
  })

  it('never lets the parts overlap, and a name without `*` matches only itself', () => {
    expect(matchesToolGlob('a*a', 'a')).toBe(false)
    expect(matchesToolGlob('x', 'y')).toBe(false)
    expect(matchesToolGlob('run_*', 'read_file')).toBe(false)
  })
})
