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

  // SPEC §26: a deny or ask fails closed; an allow never allows more than Gemini CLI would.
  it('names every split of an mcp_ name in a deny or ask, and only Gemini CLI’s in an allow (SPEC §26)', () => {
    const { rules, reports } = compiled([
      { toolName: 'mcp_my_server_x', decision: 'deny' },
      { toolName: ['mcp_my_server_*'], decision: 'ask_user' },
      { toolName: 'mcp_my_server_x', decision: 'allow' },
    ])
    expect(reports).toEqual([])
    expect(rules.map((rule) => rule.toolNames)).toEqual([
      ['mcp__my__server_x', 'mcp__my_server__x'],
      ['mcp__my__server_*', 'mcp__my_server__*'],
      ['mcp__my__server_x'],
    ])
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

  it('leaves out a shell shorthand allow Gemini CLI refuses, and keeps such a deny or ask fail closed (SPEC §26; policy engine docs, "TOML rule schema")', () => {
    const { rules, reports } = compiled([
      { commandPrefix: 'ls', decision: 'allow' },
      { toolName: ['run_shell_command', 'remote_exec'], commandRegex: 'cat .*', decision: 'allow' },
      { toolName: 'run_shell_command', commandPrefix: 'git', argsPattern: 'x', decision: 'allow' },
      { toolName: 'remote_exec', commandPrefix: 'rm', decision: 'deny' },
      { commandRegex: 'curl .*', decision: 'ask_user' },
      { toolName: 'run_shell_command', commandPrefix: 'ls', decision: 'allow' },
    ])
    expect(rules.map((rule) => [rule.index, rule.decision, rule.unsafeRegex])).toEqual([
      [3, 'deny', true],
      [4, 'ask', true],
      [5, 'allow', false],
    ])
    expect(reports).toEqual([
      [0, expect.stringMatching(/got no toolName: Gemini CLI refuses the rule$/), undefined],
      [1, expect.stringMatching(/got toolName an array: Gemini CLI refuses the rule$/), undefined],
      [
        2,
        expect.stringMatching(/argsPattern cannot be in one rule: Gemini CLI refuses the rule$/),
        undefined,
      ],
      [
        3,
        expect.stringMatching(/; it is not run: every call it could be about asks instead$/),
        true,
      ],
      [
        4,
        expect.stringMatching(/; it is not run: every call it could be about asks instead$/),
        true,
      ],
    ])
  })

  it('names Gemini CLI’s MCP tools and wildcards as toolpipe does (SPEC §26; policy engine docs, "Tool Name")', () => {
    const { rules, reports } = compiled([
      { toolName: 'mcp_untrusted-server_*', decision: 'deny', priority: 500 },
      { toolName: ['mcp_*_search', 'mcp_jira_get_issue'], decision: 'allow' },
      { toolName: 'mcp_*', decision: 'ask_user' },
    ])
    expect(reports).toEqual([])
    expect(rules.map((rule) => rule.toolNames)).toEqual([
      ['mcp__untrusted-server__*'],
      ['mcp__*__search', 'mcp__jira__get_issue'],
      ['mcp__*__*'],
    ])
    expect(rules[0]?.text).toBe('[[rule]] 0: toolName="mcp__untrusted-server__*" decision="deny"')
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
