import { describe, expect, it } from 'vitest'
import { createToolRegistry } from '../tool-registry.js'
import { defineTool } from '../define-tool.js'
import type { ToolDefinition } from '../tool-definition.js'
import { ruleViewOf, visibleRuleView } from './rule-view.js'

const shell = defineTool({
  name: 'run_shell',
  description: 'Run a command line.',
  parameters: { script: { type: 'string', required: true } },
  permissions: {
    ruleName: 'Bash',
    subjects: ({ script }) => [{ kind: 'command', command: script }],
  },
  execute: () => [{ type: 'text', text: 'ran' }],
}) as ToolDefinition

describe('ruleViewOf', () => {
  it('names a tool by its rules’ ruleName, else by the name the call used', () => {
    expect(ruleViewOf('run_shell', shell)).toEqual({
      definition: shell,
      rules: shell.permissions,
      ruleName: 'Bash',
    })
    expect(ruleViewOf('lookup', undefined)).toEqual({
      definition: undefined,
      rules: undefined,
      ruleName: 'lookup',
    })
  })

  it('judges by rules a policy gives for the tool over the definition’s own', () => {
    const given = { ruleName: 'Shell' }
    expect(ruleViewOf('run_shell', shell, given)).toEqual({
      definition: shell,
      rules: given,
      ruleName: 'Shell',
    })
  })

  it('falls back to the call’s name for a rule name that is empty or not a string', () => {
    expect(ruleViewOf('x', undefined, { ruleName: '' }).ruleName).toBe('x')
    expect(ruleViewOf('x', undefined, { ruleName: 7 as never }).ruleName).toBe('x')
  })
})

describe('visibleRuleView', () => {
  it('reads the definition visible to the call’s agent', () => {
    const registry = createToolRegistry()
    const agent = { id: 'a' }
    registry.scope(agent).register(shell)
    expect(visibleRuleView(registry, 'run_shell', agent).ruleName).toBe('Bash')
    expect(visibleRuleView(registry, 'run_shell', undefined)).toEqual({
      definition: undefined,
      rules: undefined,
      ruleName: 'run_shell',
    })
  })

  it('sees a registry or definition that cannot be read by the call’s name alone', () => {
    const throwing = {
      get: () => {
        throw new Error('registry gone')
      },
    }
    expect(visibleRuleView(throwing, 'run_shell', undefined)).toEqual({
      definition: undefined,
      rules: undefined,
      ruleName: 'run_shell',
    })
    const hostile = {
      ...shell,
      get permissions(): never {
        throw new Error('no rules for you')
      },
    }
    expect(visibleRuleView({ get: () => hostile }, 'run_shell', undefined).ruleName).toBe(
      'run_shell',
    )
  })
})
