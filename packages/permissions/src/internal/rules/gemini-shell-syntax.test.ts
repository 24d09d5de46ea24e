import { describe, expect, it } from 'vitest'
import { refusedShellSyntax } from './gemini-shell-syntax.js'

// Gemini CLI's policy engine docs, "TOML rule schema": commandPrefix and commandRegex are
// "syntactic sugar for `toolName = "run_shell_command"`"; its loader's validateShellCommandSyntax
// (packages/core/src/policy/toml-loader.ts) refuses them on any other toolName or beside
// argsPattern.
describe('refusedShellSyntax (SPEC §18.3, §26: Gemini CLI policy files)', () => {
  it('accepts the shorthands on toolName = "run_shell_command" (or its alias Bash), and rules without them', () => {
    expect(refusedShellSyntax({ toolName: 'run_shell_command', commandPrefix: 'git' })).toBe(
      undefined,
    )
    expect(refusedShellSyntax({ toolName: 'Bash', commandRegex: 'git .*' })).toBe(undefined)
    expect(refusedShellSyntax({ toolName: 'glob', argsPattern: 'x' })).toBe(undefined)
    expect(refusedShellSyntax({ mcpName: 'gh' })).toBe(undefined)
  })

  it('refuses them without toolName, with an array, or with another tool, as Gemini CLI does', () => {
    expect(refusedShellSyntax({ commandPrefix: 'ls' })).toBe(
      'commandPrefix can only be used with toolName = "run_shell_command" (or "Bash"; one name, not an array), got no toolName: Gemini CLI refuses the rule',
    )
    expect(refusedShellSyntax({ toolName: ['run_shell_command'], commandRegex: 'ls' })).toBe(
      'commandRegex can only be used with toolName = "run_shell_command" (or "Bash"; one name, not an array), got toolName an array: Gemini CLI refuses the rule',
    )
    expect(refusedShellSyntax({ toolName: 'remote_exec', commandPrefix: ['ls'] })).toMatch(
      /, got toolName "remote_exec": Gemini CLI refuses the rule$/,
    )
  })

  it('refuses them beside argsPattern ("mutually exclusive" in Gemini CLI’s loader)', () => {
    expect(
      refusedShellSyntax({ toolName: 'run_shell_command', commandPrefix: 'git', argsPattern: 'x' }),
    ).toBe('commandPrefix and argsPattern cannot be in one rule: Gemini CLI refuses the rule')
  })
})
