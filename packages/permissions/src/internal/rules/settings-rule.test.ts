import { describe, expect, it } from 'vitest'
import type { RuleOrigin } from './compiled-rule.js'
import { compileSettingsRule } from './settings-rule.js'

const origin: RuleOrigin = {
  kind: 'project',
  path: '/project/.toolpipe/settings.json',
  label: '.toolpipe/settings.json',
}
const roots = { home: '/home/u', root: '/project', cwd: '/project' }

describe('compileSettingsRule', () => {
  it('compiles a command rule with its list, index, source and place in the order', () => {
    expect(compileSettingsRule('Bash(rm *)', 'deny', 2, origin, 7, roots)).toMatchObject({
      text: 'Bash(rm *)',
      list: 'deny',
      index: 2,
      origin,
      order: 7,
      toolName: 'Bash',
      bare: false,
      command: { firstWord: 'rm' },
      path: undefined,
    })
  })

  it('keeps Claude Code’s name for a tool named the Gemini CLI way', () => {
    expect(
      compileSettingsRule('run_shell_command(ls *)', 'allow', 0, origin, 0, roots),
    ).toMatchObject({ toolName: 'Bash', command: { firstWord: 'ls' } })
  })

  it('reads a parameter specifier on a tool matched by name, and a bare or server rule', () => {
    expect(compileSettingsRule('deploy(env:prod)', 'deny', 0, origin, 0, roots)).toMatchObject({
      toolName: 'deploy',
      param: { param: 'env', value: 'prod' },
    })
    expect(compileSettingsRule('deploy', 'deny', 0, origin, 0, roots)).toMatchObject({
      bare: true,
      mcpServer: undefined,
    })
    expect(compileSettingsRule('mcp__github', 'deny', 0, origin, 0, roots)).toMatchObject({
      bare: true,
      mcpServer: 'github',
    })
  })

  it('says what is wrong with a rule, naming it', () => {
    expect(compileSettingsRule('mcp__github(x)', 'deny', 0, origin, 0, roots)).toBe(
      '"mcp__github(x)": a rule for every tool of a server takes no specifier',
    )
    expect(compileSettingsRule('WebFetch(example.com)', 'deny', 0, origin, 0, roots)).toBe(
      '"WebFetch(example.com)": a WebFetch rule is WebFetch(domain:example.com)',
    )
    expect(compileSettingsRule("Bash('x)", 'deny', 0, origin, 0, roots)).toBe(
      `"Bash('x)": an unterminated ' quote`,
    )
    expect(compileSettingsRule('Read(!x)', 'deny', 0, origin, 0, roots)).toBe(
      '"Read(!x)": a path rule cannot be a negation ("!")',
    )
  })
})
