import { describe, expect, it } from 'vitest'
import { tool } from './__fixtures__/tools.js'
import { defineTool } from './define-tool.js'
import { createToolRegistry } from './tool-registry.js'
import { ToolRegistryError } from './tool-registry-error.js'

/**
 * SPEC §18.1 and §20: a definition may carry `permissions` (its rule name and what a call
 * touches) and `maxOutputTokens`; both are checked by `defineTool` and `register`, and neither is
 * ever shown to the model.
 */

function refusal(fn: () => unknown): string {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(ToolRegistryError)
    expect((error as ToolRegistryError).code).toBe('INVALID_TOOL')
    return (error as ToolRegistryError).message
  }
  throw new Error('expected a refusal')
}

const spec = { command: { type: 'string', required: true } } as const

describe('permissions and maxOutputTokens on a definition', () => {
  it('defineTool keeps them; subjects receive the validated arguments', () => {
    const shell = defineTool({
      name: 'run_shell',
      description: 'runs a command',
      parameters: spec,
      permissions: {
        ruleName: 'Bash',
        subjects: ({ command }) => [{ kind: 'command', command }],
      },
      maxOutputTokens: 2_000,
      execute: () => Promise.resolve([]),
    })
    expect(shell.permissions?.ruleName).toBe('Bash')
    expect(shell.permissions?.subjects?.({ command: 'ls' })).toEqual([
      { kind: 'command', command: 'ls' },
    ])
    expect(shell.maxOutputTokens).toBe(2_000)
    const registry = createToolRegistry()
    registry.register(shell)
    expect(registry.schemas()[0]).not.toHaveProperty('permissions')
    expect(registry.schemas()[0]).not.toHaveProperty('maxOutputTokens')
    expect(registry.descriptors()[0]).not.toHaveProperty('permissions')
    expect(registry.descriptors()[0]).not.toHaveProperty('maxOutputTokens')
  })

  it.each([
    ['not an object', 'Bash', 'permissions must be an object, got "Bash"'],
    ['an array', [], 'permissions must be an object, got an array'],
    [
      'a rule name with parentheses',
      { ruleName: 'Bash(ls)' },
      'permissions.ruleName must be 1 to 256 characters without white space or parentheses, got "Bash(ls)"',
    ],
    [
      'an empty rule name',
      { ruleName: '' },
      'permissions.ruleName must be 1 to 256 characters without white space or parentheses, got ""',
    ],
    [
      'a rule name with a space',
      { ruleName: 'run shell' },
      'permissions.ruleName must be 1 to 256 characters without white space or parentheses, got "run shell"',
    ],
    [
      'subjects that are not a function',
      { subjects: [] },
      'permissions.subjects must be a function when present, got an array',
    ],
  ])(
    'refuses permissions that are %s, at defineTool and at register',
    (_label, permissions, message) => {
      expect(
        refusal(() =>
          defineTool({
            name: 'shell',
            description: '',
            parameters: spec,
            permissions: permissions as never,
            execute: () => Promise.resolve([]),
          }),
        ),
      ).toBe(`tool "shell": ${message}`)
      const registry = createToolRegistry()
      expect(
        refusal(() => registry.register(tool('shell', undefined, { permissions } as never))),
      ).toBe(`tool "shell": ${message}`)
      expect(registry.list()).toEqual([])
    },
  )

  it.each([0, -5, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, '100'])(
    'refuses maxOutputTokens %o',
    (maxOutputTokens) => {
      expect(
        refusal(() =>
          createToolRegistry().register(tool('shell', undefined, { maxOutputTokens } as never)),
        ),
      ).toMatch(/^tool "shell": maxOutputTokens must be a positive integer, got /)
    },
  )

  it('accepts a rule name in the form of a mounted MCP tool', () => {
    const registry = createToolRegistry()
    registry.register(
      tool('fs_read', undefined, { permissions: { ruleName: 'mcp__filesystem__read_text_file' } }),
    )
    expect(registry.get('fs_read')?.permissions?.ruleName).toBe('mcp__filesystem__read_text_file')
  })
})
