import { describe, expect, it } from 'vitest'
import { compileGeminiRegex, regexCost, regexWarnings } from './gemini-regex.js'

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

describe('regexCost', () => {
  // Measured on 100 KB, as the rule is tested: `"command":".*curl.*"` 0.2 ms, `.*curl.*` from
  // every position 6.5 s, `x+y` 4.5 s, `[a-z]+ [a-z]+` 6.9 s.
  it.each([
    ['"command":".*curl.*', true, 'linear'],
    ['"command":"git push.*--force.*', true, 'linear'],
    ['"command":"\\s*rm\\s+-rf', true, 'linear'],
    ['curl.*', false, 'linear'],
    ['abc*', false, 'linear'],
    ['rm -rf [a-z/]*$', false, 'linear'],
    ['.*curl.*', false, 'quadratic'],
    ['x+y', false, 'quadratic'],
    ['[a-z]+ [a-z]+', false, 'quadratic'],
    ['"command":".*a.*b', true, 'quadratic'],
    // After a run that can end anywhere, a run before a literal starts anywhere too.
    ['"command":".*\\s*x', true, 'quadratic'],
    ['"command":"(git|npm) .*', true, 'linear'],
    // Each way through the group ends in `.*`: an attempt that reaches it matches, so tried from
    // every position this is linear (redos-detector, which said `safe`, cannot tell linear here).
    ['(git|npm) .*', false, 'linear'],
    ['(a+)+b', false, 'unsafe'],
    ['"command":"(a|a)*b', true, 'unsafe'],
  ] as const)('%s (tried from one place: %s) is %s', (source, startsOnce, cost) => {
    expect(regexCost(new RegExp(source), startsOnce)).toBe(cost)
  })

  it('reads escapes, classes and braces as single atoms', () => {
    expect(regexCost(/\x41\u0042\d{2}[\]a-z]\{x/, false)).toBe('linear')
    expect(regexCost(/a{2,}b/, false)).toBe('quadratic')
    expect(regexCost(/a{3}b/, false)).toBe('linear')
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
