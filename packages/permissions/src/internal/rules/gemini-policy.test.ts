import { describe, expect, it } from 'vitest'
import type { RuleOrigin } from './compiled-rule.js'
import { compileGeminiPolicy } from './gemini-policy.js'

const origin: RuleOrigin = { kind: 'user', path: '/u.toml', label: 'u.toml' }

function compiled(rules: readonly Record<string, unknown>[]) {
  const reports: [number | undefined, string, true | undefined][] = []
  const compiledRules = compileGeminiPolicy({ rule: rules }, origin, (index, message, kept) => {
    reports.push([index, message, kept])
  })
  return { rules: compiledRules, reports }
}

describe('compileGeminiPolicy', () => {
  it('compiles each [[rule]] with its tier’s priority, names it, and maps decisions and modes', () => {
    const { rules, reports } = compiled([
      { toolName: 'Bash', commandPrefix: 'git ', decision: 'allow', priority: 100 },
      { mcpName: 'gh', decision: 'ask_user', modes: ['default', 'yolo'] },
    ])
    expect(reports).toEqual([])
    expect(rules[0]).toMatchObject({
      text: '[[rule]] 0: toolName="Bash" commandPrefix="git " decision="allow"',
      decision: 'allow',
      priority: 4.1,
      toolNames: ['Bash'],
      commandPrefixes: ['git'],
      modes: undefined,
    })
    expect(rules[1]).toMatchObject({
      text: '[[rule]] 1: toolName="mcp__gh__*" decision="ask_user"',
      decision: 'ask',
      priority: 4,
      modes: ['default', 'dontAsk', 'bypassPermissions'],
    })
  })

  it('reports a malformed rule with its index and leaves it out', () => {
    const { rules, reports } = compiled([
      { toolName: 'Bash', decision: 'maybe' },
      { toolName: 'Bash', decision: 'deny', priority: 1000 },
      { toolName: 'Bash', commandPrefix: 'x', commandRegex: 'y', decision: 'deny' },
      { toolName: 'Bash', decision: 'allow', interactive: true },
    ])
    expect(rules).toEqual([])
    expect(reports).toEqual([
      [0, 'decision must be "allow", "deny" or "ask_user"', undefined],
      [1, 'priority must be a number from 0 to 999', undefined],
      [2, 'commandPrefix and commandRegex cannot be in one rule', undefined],
      [
        3,
        'an allow rule limited by "interactive" is not supported (toolpipe cannot tell)',
        undefined,
      ],
    ])
  })

  it('never runs a regex that can backtrack catastrophically: an allow is left out, a deny kept', () => {
    const { rules, reports } = compiled([
      { toolName: 'Bash', commandRegex: '(a+)+b', decision: 'allow' },
      { toolName: 'Bash', commandRegex: '(a+)+b', decision: 'deny' },
    ])
    expect(rules.map((rule) => [rule.index, rule.unsafeRegex])).toEqual([[1, true]])
    expect(reports).toEqual([
      [0, 'its regex can backtrack catastrophically, so it is not run', undefined],
      [
        1,
        'its regex can backtrack catastrophically, so it is not run: every call it could be about asks instead',
        true,
      ],
    ])
  })

  it('reads an empty file as no rules, and a `rule` that is not a list as an error', () => {
    const reports: string[] = []
    expect(compileGeminiPolicy(undefined, origin, () => undefined)).toEqual([])
    expect(
      compileGeminiPolicy({ rule: 3 }, origin, (_index, message) => reports.push(message)),
    ).toEqual([])
    expect(reports).toEqual(['"rule" must be an array of tables ([[rule]])'])
  })
})
