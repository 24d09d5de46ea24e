import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { propertyParameters } from '../../../../../property-runs.shared.js'
import { plainRuleOpening, readMcpName, readRuleText } from './rule-text.js'

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

describe('plainRuleOpening (the one-pass reader of a rule set’s load)', () => {
  it('reads a rule only as readRuleText does, leaving anything else to it', () => {
    const part = (maxLength: number) =>
      fc.string({
        unit: fc.constantFrom(
          ...['B', 'a', '_', '.', '-', '(', ')', '*', ' ', '"', "'", '\\', '\t', '\u00a0', 'é'],
        ),
        maxLength,
      })
    // Strings of those characters, and strings shaped like rules (where the two readers meet).
    const rule = fc.oneof(
      part(12),
      fc.tuple(part(4), part(6)).map(([name, specifier]) => `${name}(${specifier})`),
    )
    fc.assert(
      fc.property(rule, (text) => {
        const open = plainRuleOpening(text)
        if (open === undefined) return
        expect(readRuleText(text)).toEqual({
          text,
          toolName: open < 0 ? text : text.slice(0, open),
          specifier: open < 0 ? undefined : text.slice(open + 1, -1),
        })
      }),
      propertyParameters(5000),
    )
  })

  it('reads the rules a settings file is made of, and leaves the rest to readRuleText', () => {
    expect(plainRuleOpening('Bash(npm run test *)')).toBe(4)
    expect(plainRuleOpening('read_file')).toBe(-1)
    expect(plainRuleOpening('Read( src/** )')).toBe(4)
    for (const text of ['', ' Bash', 'Bash(*)', 'Bash( * )', 'Bash(  )', 'Bash("a b")', 'x(é)']) {
      expect(plainRuleOpening(text)).toBeUndefined()
    }
    // The edges of printable ASCII, in the name and in the specifier; a `(` inside the specifier.
    for (const text of ['Bash(a\u007fb)', 'Bash(\u001f)', 'Ba\u007fsh', 'Bash(~)x']) {
      expect(plainRuleOpening(text)).toBeUndefined()
    }
    expect(plainRuleOpening('Bash(~ )')).toBe(4)
    expect(plainRuleOpening('Bash(a(b))')).toBe(4)
    for (const text of ['mcp__github__*', 'Bash (ls)', '(ls)', 'Bash(ls', 'a\tb', 'Bash(a\\ b)']) {
      expect(plainRuleOpening(text)).toBeUndefined()
    }
  })
})
