import { describe, expect, it } from 'vitest'
import { compileMatcher } from './compile-matcher.js'

// SPEC §19: `matcher` is a regular expression matched against the whole rule name; empty or `*`
// matches every tool. Claude Code's hooks reference (https://code.claude.com/docs/en/hooks,
// "Matcher patterns") documents the same names: `Bash`, `Edit|Write`, `Notebook.*`, `mcp__.*`, and
// `*` / "" for all. Gemini CLI (https://geminicli.com/docs/hooks/reference, "Matchers and tool
// names") tests the regex anywhere in the name (`regex.test(toolName)`), so there `Bash` would
// also match `BashOutput`: SPEC §19 wins, a matcher covers the whole name in both dialects.

const rows: readonly { matcher: string | undefined; name: string; expected: boolean }[] = [
  { matcher: 'Bash', name: 'Bash', expected: true },
  { matcher: 'Bash', name: 'BashOutput', expected: false },
  { matcher: 'Bash', name: 'MyBash', expected: false },
  { matcher: 'Bash', name: 'bash', expected: false },
  { matcher: 'Edit|Write', name: 'Write', expected: true },
  { matcher: 'Edit|Write', name: 'Edit', expected: true },
  { matcher: 'Edit|Write', name: 'MultiEdit', expected: false },
  { matcher: 'Edit|Write', name: 'WriteFile', expected: false },
  { matcher: 'Notebook.*', name: 'NotebookEdit', expected: true },
  { matcher: 'mcp__github__.*', name: 'mcp__github__create_issue', expected: true },
  { matcher: 'mcp__github__.*', name: 'mcp__gitlab__create_issue', expected: false },
  { matcher: 'mcp__.*__write.*', name: 'mcp__fs__write_file', expected: true },
  { matcher: '*', name: 'anything', expected: true },
  { matcher: '', name: 'anything', expected: true },
  { matcher: undefined, name: 'anything', expected: true },
  { matcher: '^Bash$', name: 'Bash', expected: true },
  { matcher: 'Ba', name: 'Bash', expected: false },
]

describe('compileMatcher', () => {
  it.each(rows)('$matcher against $name → $expected', ({ matcher, name, expected }) => {
    const matches = compileMatcher(matcher)
    expect(typeof matches).toBe('function')
    expect((matches as (name: string) => boolean)(name)).toBe(expected)
  })

  it('refuses what is not a regular expression, even where wrapping would make one', () => {
    expect(compileMatcher('Bash(')).toMatch(/^is not a regular expression: /)
    // `^(?:a)|(b)$` would parse, and match every name starting with "a".
    expect(compileMatcher('a)|(b')).toMatch(/^is not a regular expression: /)
  })

  it('is stateless between names (no global flag)', () => {
    const matches = compileMatcher('Read|Grep') as (name: string) => boolean
    expect([matches('Read'), matches('Read'), matches('Grep'), matches('Grep')]).toEqual([
      true,
      true,
      true,
      true,
    ])
  })
})
