import { describe, expect, it } from 'vitest'
import { compileGeminiRegex, isSafeRegex, regexWarnings } from './gemini-regex.js'

describe('compileGeminiRegex', () => {
  it('compiles a regex after its prefix, or says what is wrong with it', () => {
    expect(compileGeminiRegex('a.c', 'argsPattern', '')).toEqual(/a.c/)
    expect(compileGeminiRegex('rm', 'commandRegex', '"command":"')).toEqual(/"command":"rm/)
    expect(compileGeminiRegex(undefined, 'argsPattern', '')).toBeUndefined()
    expect(compileGeminiRegex(3, 'argsPattern', '')).toBe('argsPattern must be a string')
    expect(compileGeminiRegex('(', 'commandRegex', '')).toMatch(
      /^commandRegex is not a valid regular expression: /,
    )
  })
})

describe('isSafeRegex', () => {
  it('accepts a regex with one quantifier, and refuses one that can backtrack catastrophically', () => {
    expect(isSafeRegex(/abc*/)).toBe(true)
    expect(isSafeRegex(/(a+)+b/)).toBe(false)
  })
})

describe('regexWarnings', () => {
  it('warns of a ^ anchor, and of a deny or ask rule whose regex is never run', () => {
    expect(regexWarnings('^rm', false, 'deny')).toEqual([
      'commandRegex starts with ^, which never matches: the regex is tested against the arguments\' JSON after "command":" (as Gemini CLI does)',
    ])
    expect(regexWarnings('(a+)+b', true, 'deny')).toEqual([
      'its regex can backtrack catastrophically, so it is not run: every call it could be about asks instead',
    ])
    expect(regexWarnings('(a+)+b', true, 'allow')).toEqual([])
  })
})
