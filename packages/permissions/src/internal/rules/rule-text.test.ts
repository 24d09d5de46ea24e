import { describe, expect, it } from 'vitest'
import { readMcpName, readRuleText } from './rule-text.js'

describe('readRuleText', () => {
  it('reads Name and Name(specifier); Name(*) is every call', () => {
    expect(readRuleText('Bash(npm test *)')).toEqual({
      text: 'Bash(npm test *)',
      toolName: 'Bash',
      specifier: 'npm test *',
    })
    expect(readRuleText('Read')).toEqual({ text: 'Read', toolName: 'Read', specifier: undefined })
    expect(readRuleText('Bash(*)')).toEqual({
      text: 'Bash(*)',
      toolName: 'Bash',
      specifier: undefined,
    })
    expect(readRuleText('mcp__github__*')).toMatchObject({ toolName: 'mcp__github__*' })
  })

  it('says what is wrong with a rule that is not one', () => {
    expect(readRuleText(42)).toBe('a rule must be a string, got number')
    expect(readRuleText('Bash(')).toBe('"Bash(": the specifier must end with ")"')
    expect(readRuleText('Ba sh')).toBe('"Ba sh": a tool name is letters, digits, "_", "-" and "."')
    expect(readRuleText('Bash()')).toBe(
      '"Bash()": an empty specifier (write "Bash" for every call)',
    )
    expect(readRuleText('a\tb')).toBe('a rule must not hold control characters')
  })
})

describe('readMcpName', () => {
  it('splits an MCP rule name into server and tool; a server rule has no tool', () => {
    expect(readMcpName('mcp__github')).toEqual({ server: 'github', tool: undefined })
    expect(readMcpName('mcp__github__create_issue')).toEqual({
      server: 'github',
      tool: 'create_issue',
    })
    expect(readMcpName('mcp__github__*')).toEqual({ server: 'github', tool: undefined })
    expect(readMcpName('Bash')).toBeUndefined()
    expect(readMcpName('mcp__')).toBeUndefined()
  })
})
