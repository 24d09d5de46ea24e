import { describe, expect, it } from 'vitest'
import type { ToolDefinition } from '@toolpipe/tools'
import {
  call,
  eventually,
  plainTool,
  recordingRegistry,
  scratchProjects,
} from './__fixtures__/harness.js'
import { shellTool } from '@toolpipe/shell-tool'
import { permissions } from './permissions.js'

// SPEC §26 "Porting": a harness that already has Gemini CLI policy files works unchanged. Each
// policy is an example of Gemini CLI's policy engine docs (docs/reference/policy-engine.md).

const project = scratchProjects()
const policyPath = '.gemini/policies/admin.toml'
const policy = [{ kind: 'managed' as const, path: policyPath }]

/** Mounted MCP tools (rule names `mcp__<server>__<tool>`, SPEC §18.1) and one built-in. */
const tools: readonly ToolDefinition[] = [
  plainTool('drop_db', { permissions: { ruleName: 'mcp__untrusted-server__drop_db' } }),
  plainTool('jira_search', { permissions: { ruleName: 'mcp__my-jira-server__search' } }),
  plainTool('wiki_search', { permissions: { ruleName: 'mcp__wiki__search' } }),
  plainTool('status'),
]

/** Each tool's decision under `rules` in the default mode: `-` where no rule matched. */
async function decisions(rules: string, mode?: 'default' | 'bypassPermissions') {
  const { root, write } = project()
  write(policyPath, rules)
  const { registry, warnings } = recordingRegistry()
  for (const tool of tools) registry.register(tool)
  const plugin = permissions({ projectRoot: root, sources: policy, ...(mode ? { mode } : {}) })
  registry.use(plugin)
  await plugin.ready
  const decided: Record<string, string> = {}
  for (const tool of tools) {
    const explanation = await plugin.explain(call(tool.name))
    decided[tool.name] = explanation.basis === 'mode' ? '-' : explanation.decision
  }
  const visible = registry.list().map((tool) => tool.name)
  return { decided, visible, warnings }
}

const rule = (lines: string) => `[[rule]]\n${lines}\npriority = 500\n`

describe('Gemini CLI’s MCP tool names and wildcards (SPEC §26; policy engine docs, "Tool Name")', () => {
  it.each([
    // "mcp_server_*: Matches any tool from a specific MCP server."
    ['toolName = "mcp_untrusted-server_*"\ndecision = "deny"', 'deny', '-', '-', '-'],
    // "mcp_*_toolName: Matches a specific tool name across all MCP servers."
    ['toolName = "mcp_*_search"\ndecision = "allow"', '-', 'allow', 'allow', '-'],
    // "mcp_*: Matches any tool from any MCP server."
    ['toolName = "mcp_*"\ndecision = "ask_user"', 'ask', 'ask', 'ask', '-'],
    // A fully qualified name, `mcp_<server>_<tool>`.
    ['toolName = "mcp_my-jira-server_search"\ndecision = "allow"', '-', 'allow', '-', '-'],
  ])('%s', async (lines, dropDb, jiraSearch, wikiSearch, status) => {
    const { decided, warnings } = await decisions(rule(lines))
    expect(decided).toEqual({
      drop_db: dropDb,
      jira_search: jiraSearch,
      wiki_search: wikiSearch,
      status,
    })
    expect(warnings).toEqual([])
  })

  it.each([
    // 1. "Targeting a specific tool on a server"
    ['mcpName = "my-jira-server"\ntoolName = "search"\ndecision = "allow"', '-', 'allow', '-'],
    // 2. "Targeting all tools on a specific server"
    ['mcpName = "untrusted-server"\ndecision = "deny"', 'deny', '-', '-'],
    // 3. "Targeting all MCP servers"
    ['toolName = "*"\nmcpName = "*"\ndecision = "ask_user"', 'ask', 'ask', 'ask'],
  ])('mcpName: %s ("Special syntax for MCP tools")', async (lines, dropDb, jiraSearch, wiki) => {
    const { decided } = await decisions(rule(lines))
    expect(decided).toEqual({
      drop_db: dropDb,
      jira_search: jiraSearch,
      wiki_search: wiki,
      status: '-',
    })
  })

  it('a managed deny on a server’s wildcard denies and hides its tools, bypassPermissions or not', async () => {
    const { decided, visible } = await decisions(
      rule('toolName = "mcp_untrusted-server_*"\ndecision = "deny"'),
      'bypassPermissions',
    )
    expect(decided.drop_db).toBe('deny')
    expect(visible).toEqual(['jira_search', 'wiki_search', 'status'])
  })

  it('lints a wildcard that matches no tool, and a qualified name no tool has, at ready', async () => {
    const { warnings } = await decisions(
      rule('toolName = "mcp_untrusted_*"\ndecision = "deny"') +
        rule('toolName = "mcp_untrusted-server_drop_table"\ndecision = "deny"'),
    )
    await eventually(() => {
      expect(warnings).toEqual([
        'toolpipe: .gemini/policies/admin.toml [[rule]] 0: toolName="mcp__untrusted__*" decision="deny": no tool\'s name matches "mcp__untrusted__*"; it matches nothing until one does',
        'toolpipe: .gemini/policies/admin.toml [[rule]] 1: toolName=["mcp__untrusted-server__drop_table","mcp__untrusted-server_drop__table"] decision="deny": no tool is named "mcp__untrusted-server__drop_table"; it matches nothing until one is',
      ])
    })
  })
})

/** A tool with command subjects that is not the shell: Gemini's shorthands are not about it. */
const remoteExec = shellTool([], {
  name: 'remote_exec',
  permissions: {
    ruleName: 'RemoteExec',
    subjects: (args) => [{ kind: 'command', command: (args as { command: string }).command }],
  },
})

describe('commandPrefix and commandRegex only on run_shell_command (SPEC §26; policy engine docs, "TOML rule schema")', () => {
  it('ignores an allow Gemini CLI refuses, with a warning naming file and index', async () => {
    const { root, write } = project()
    write(
      '.gemini/policies/p.toml',
      [
        'commandPrefix = "ls"\ndecision = "allow"',
        'toolName = ["run_shell_command"]\ncommandRegex = "cat .*"\ndecision = "allow"',
        'toolName = "run_shell_command"\ncommandPrefix = "git"\nargsPattern = "."\ndecision = "allow"',
        'toolName = "run_shell_command"\ncommandPrefix = "npm test"\ndecision = "allow"',
      ]
        .map(rule)
        .join('\n'),
    )
    const { registry, warnings } = recordingRegistry()
    registry.register(remoteExec)
    registry.register(shellTool([]))
    const plugin = permissions({
      projectRoot: root,
      sources: [{ kind: 'project', path: '.gemini/policies/p.toml' }],
    })
    registry.use(plugin)
    await plugin.ready
    const decide = async (tool: string, command: string) =>
      (await plugin.explain(call(tool, { command }))).decision
    expect(await decide('remote_exec', 'ls /')).toBe('ask')
    expect(await decide('shell', 'ls /')).toBe('ask')
    expect(await decide('shell', 'cat /etc/shadow')).toBe('ask')
    expect(await decide('shell', 'git status')).toBe('ask')
    expect(await decide('shell', 'npm test')).toBe('allow')
    expect(warnings.map((warning) => warning.replace(/ \(or .*?\), got/, ' …, got'))).toEqual([
      'toolpipe: .gemini/policies/p.toml [[rule]] 0: commandPrefix can only be used with toolName = "run_shell_command" …, got no toolName: Gemini CLI refuses the rule; ignored',
      'toolpipe: .gemini/policies/p.toml [[rule]] 1: commandRegex can only be used with toolName = "run_shell_command" …, got toolName an array: Gemini CLI refuses the rule; ignored',
      'toolpipe: .gemini/policies/p.toml [[rule]] 2: commandPrefix and argsPattern cannot be in one rule: Gemini CLI refuses the rule; ignored',
    ])
  })

  it('keeps a deny Gemini CLI refuses fail closed: every command it could be about asks, in bypassPermissions too', async () => {
    const { root, write } = project()
    write(policyPath, rule('commandPrefix = "rm"\ndecision = "deny"'))
    const { registry, warnings } = recordingRegistry()
    registry.register(remoteExec)
    registry.register(plainTool('status'))
    const plugin = permissions({ projectRoot: root, sources: policy, mode: 'bypassPermissions' })
    registry.use(plugin)
    await plugin.ready
    const rm = await plugin.explain(call('remote_exec', { command: 'rm -rf /' }))
    expect([rm.decision, rm.basis]).toEqual(['ask', 'possibly-denied'])
    expect((await plugin.explain(call('status'))).decision).toBe('allow')
    expect(warnings).toEqual([
      expect.stringMatching(
        /^toolpipe: \.gemini\/policies\/admin\.toml \[\[rule\]\] 0: commandPrefix can only be used with .*, got no toolName: Gemini CLI refuses the rule; it is not run: every call it could be about asks instead$/,
      ),
    ])
  })
})
