import { describe, expect, it } from 'vitest'
import { ruleSetOf } from '../__fixtures__/rule-sets.js'
import type { HiddenTools } from './hidden-tools.js'
import { lintRules } from './lint-rules.js'
import { toolView } from './read-subjects.js'

const nothingHidden: HiddenTools = { hides: () => false, signature: '' }
const shell = toolView(
  'shell',
  undefined,
  new Map([['shell', { ruleName: 'Bash', subjects: () => [] }]]),
)
const deploy = toolView('deploy', undefined, new Map())
const github = toolView('mcp__github__create_issue', undefined, new Map())

describe('lintRules', () => {
  it('names a rule that names no tool, with its file, list and index', () => {
    const rules = ruleSetOf({ allow: ['Bash(ls *)', 'Nope'], deny: ['Gone'] })
    // SPEC §18.2: "A rule that names an unknown tool … is reported", a bare deny too.
    expect(lintRules(rules, [shell], nothingHidden)).toEqual([
      'toolpipe: cli settings permissions.deny[0] "Gone": no tool is named "Gone"; it matches nothing until one is',
      'toolpipe: cli settings permissions.allow[1] "Nope": no tool is named "Nope"; it matches nothing until one is',
    ])
  })

  it('names a path after another file tool’s name, which no path rule is (Edit and Read are)', () => {
    const write = toolView(
      'write_file',
      undefined,
      new Map([['write_file', { ruleName: 'Write', subjects: () => [] }]]),
    )
    const rules = ruleSetOf({ deny: ['Write(/secret/**)', 'Write(content:x)'], allow: ['Write'] })
    expect(lintRules(rules, [write], nothingHidden)).toEqual([
      'toolpipe: cli settings permissions.deny[0] "Write(/secret/**)": a path after "Write" is no path rule and matches nothing: write Edit(…) (it covers every tool that writes a file)',
    ])
  })

  it('names a specifier on a tool without subjects, and a parameter rule in allow', () => {
    const rules = ruleSetOf({ allow: ['deploy(env:prod)'], ask: ['deploy(prod)'] })
    expect(lintRules(rules, [deploy], nothingHidden)).toEqual([
      'toolpipe: cli settings permissions.ask[0] "deploy(prod)": "deploy" has no subjects, so this specifier never matches (file paths are Read(…) and Edit(…) rules; a parameter is Name(param:value) on deny and ask)',
      'toolpipe: cli settings permissions.allow[0] "deploy(env:prod)": a Name(param:value) rule applies on deny and ask only; in allow it matches nothing',
    ])
  })

  it('names an MCP server no tool is registered of, unless a deny already hides it', () => {
    const rules = ruleSetOf({ allow: ['mcp__gitlab'], deny: ['mcp__jira'] })
    expect(lintRules(rules, [github], nothingHidden)).toEqual([
      'toolpipe: cli settings permissions.deny[0] "mcp__jira": no tool of MCP server "jira" is registered; it matches nothing until one is',
      'toolpipe: cli settings permissions.allow[0] "mcp__gitlab": no tool of MCP server "gitlab" is registered; it matches nothing until one is',
    ])
    const hidesJira: HiddenTools = {
      hides: (name) => name.startsWith('mcp__jira__'),
      signature: 'x',
    }
    expect(lintRules(rules, [github], hidesJira)).toHaveLength(1)
  })

  it('names a Gemini rule’s tool that is not registered, with the other family’s name', () => {
    const rules = ruleSetOf(
      {},
      '[[rule]]\ntoolName = "run_shell_command"\ndecision = "allow"\n\n[[rule]]\ntoolName = "Glob"\ndecision = "deny"\n',
    )
    expect(lintRules(rules, [shell], nothingHidden)).toEqual([
      expect.stringMatching(
        /^toolpipe: policy.toml \[\[rule\]\] 1: .*: no tool is named "Glob" \(or "glob"\); it matches nothing until one is$/,
      ),
    ])
  })

  it('names a Gemini wildcard no registered tool matches, and an MCP name no tool has (SPEC §26; policy engine docs, "Tool Name")', () => {
    const rules = ruleSetOf(
      {},
      [
        'toolName = "mcp_gitlab_*"',
        'toolName = "mcp_github_*"',
        'toolName = "mcp_*_search"',
        'toolName = "mcp_github_delete_repo"',
        'toolName = "mcp_github_create_issue"',
        'toolName = "run_*"',
        'toolName = "*"\nmcpName = "*"',
      ]
        .map((names) => `[[rule]]\n${names}\ndecision = "deny"\n`)
        .join('\n'),
    )
    expect(lintRules(rules, [shell, github], nothingHidden)).toEqual([
      'toolpipe: policy.toml [[rule]] 0: toolName="mcp__gitlab__*" decision="deny": no tool\'s name matches "mcp__gitlab__*"; it matches nothing until one does',
      'toolpipe: policy.toml [[rule]] 2: toolName="mcp__*__search" decision="deny": no tool\'s name matches "mcp__*__search"; it matches nothing until one does',
      'toolpipe: policy.toml [[rule]] 3: toolName=["mcp__github__delete_repo","mcp__github_delete__repo"] decision="deny": no tool is named "mcp__github__delete_repo"; it matches nothing until one is',
    ])
  })
})
