import { describe, expect, it } from 'vitest'
import {
  canonicalRuleName,
  isKnownToolName,
  ruleNameAliases,
  ruleNameIn,
  ruleNamesOf,
} from './rule-name-aliases.js'

describe('the two families’ names of one tool (SPEC §26)', () => {
  it('pairs each Claude Code tool with its Gemini CLI name, each name once', () => {
    const names = ruleNameAliases.flat()
    expect(new Set(names).size).toBe(names.length)
    expect(ruleNameAliases).toContainEqual(['Bash', 'run_shell_command'])
  })

  it('keeps rules under Claude Code’s name, whichever family named the tool', () => {
    expect(canonicalRuleName('run_shell_command')).toBe('Bash')
    expect(canonicalRuleName('Bash')).toBe('Bash')
    expect(canonicalRuleName('deploy')).toBe('deploy')
  })

  it('writes a name as each family does', () => {
    expect(ruleNameIn('gemini', 'Bash')).toBe('run_shell_command')
    expect(ruleNameIn('gemini', 'read_file')).toBe('read_file')
    expect(ruleNameIn('claude', 'read_file')).toBe('Read')
    expect(ruleNameIn('claude', 'mcp__github__create_issue')).toBe('mcp__github__create_issue')
    expect(ruleNameIn('gemini', 'mcp__github__create_issue')).toBe('mcp__github__create_issue')
  })

  it('lists a name with its alias, Claude Code’s first, and a name without one alone', () => {
    expect(ruleNamesOf('replace')).toEqual(['Edit', 'replace'])
    expect(ruleNamesOf('Edit')).toEqual(['Edit', 'replace'])
    expect(ruleNamesOf('deploy')).toEqual(['deploy'])
  })

  it('knows the built-in names of either family, and only those', () => {
    expect(isKnownToolName('WebSearch')).toBe(true)
    expect(isKnownToolName('google_web_search')).toBe(true)
    expect(isKnownToolName('websearch')).toBe(false)
  })
})
