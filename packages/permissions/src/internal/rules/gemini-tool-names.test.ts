import { describe, expect, it } from 'vitest'
import { geminiToolNames } from './gemini-tool-names.js'

// Gemini CLI's policy engine docs (docs/reference/policy-engine.md), "Tool Name" and "Special
// syntax for MCP tools"; toolpipe's MCP rule names are `mcp__<server>__<tool>` (SPEC §18.1).
describe('geminiToolNames (SPEC §26: Gemini CLI files work unchanged)', () => {
  it.each([
    ['mcp_my-jira-server_search', 'mcp__my-jira-server__search'],
    ['mcp_server_*', 'mcp__server__*'],
    ['mcp_*_toolName', 'mcp__*__toolName'],
    ['mcp_*', 'mcp__*__*'],
    // Split on the first underscore after `mcp_`, as Gemini CLI's parser splits it.
    ['mcp_my_server_tool', 'mcp__my__server_tool'],
  ])('names the MCP tool %s as toolpipe does: %s ("Tool Name": wildcards)', (name, toolpipe) => {
    expect(geminiToolNames([name], undefined)).toEqual([toolpipe])
  })

  // SPEC §26 (fail closed): Gemini CLI matches `mcp_my_server_x` as a whole name, so a deny or
  // ask of it reaches the tool of a server named `my_server`; an allow never reaches more than
  // Gemini CLI's own first-`_` split.
  it.each([
    ['mcp_my_server_x', ['mcp__my__server_x', 'mcp__my_server__x']],
    ['mcp_my_server_*', ['mcp__my__server_*', 'mcp__my_server__*']],
    ['mcp_a_b_c_d', ['mcp__a__b_c_d', 'mcp__a_b__c_d', 'mcp__a_b_c__d']],
    ['mcp_*_my_tool', ['mcp__*__my_tool', 'mcp__*_my__tool']],
    ['mcp_a__b', ['mcp__a___b']],
    ['mcp_srv_x', ['mcp__srv__x']],
    ['mcp_*', ['mcp__*__*']],
    ['mcp_server_', ['mcp_server_']],
  ])(
    'a deny or ask of %s stands for every split of it: %j (SPEC §26, fail closed)',
    (name, names) => {
      expect(geminiToolNames([name], undefined, true)).toEqual(names)
      expect(geminiToolNames([name], undefined, false)).toEqual(names.slice(0, 1))
      expect(geminiToolNames([name], undefined)).toEqual(names.slice(0, 1))
    },
  )

  it('keeps other names as written: built-in, `*`, toolpipe’s own MCP names, no qualified name', () => {
    const names = ['run_shell_command', 'Bash', '*', 'deploy', 'mcp__github__create_issue']
    expect(geminiToolNames(names, undefined)).toEqual(names)
    expect(geminiToolNames(['mcp_server', 'mcp_server_', 'mcp__'], undefined)).toEqual([
      'mcp_server',
      'mcp_server_',
      'mcp__',
    ])
    expect(geminiToolNames(undefined, undefined)).toBeUndefined()
  })

  it('puts mcpName and toolName together ("Special syntax for MCP tools", 1 to 3)', () => {
    expect(geminiToolNames(['search'], 'my-jira-server')).toEqual(['mcp__my-jira-server__search'])
    expect(geminiToolNames(undefined, 'untrusted-server')).toEqual(['mcp__untrusted-server__*'])
    expect(geminiToolNames(['*'], '*')).toEqual(['mcp__*__*'])
    expect(geminiToolNames(['search'], '*')).toEqual(['mcp__*__search'])
  })
})
