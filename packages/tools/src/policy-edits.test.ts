import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { alice, text, tool } from './__fixtures__/tools.js'
import { defineTool } from './define-tool.js'
import type { ToolDecision } from './tool-decision.js'
import type { PreToolDecision } from './tool-decisions.js'
import { createToolRegistry } from './tool-registry.js'
import { service, shellRegistry } from './__fixtures__/shell-registry.js'

/**
 * SPEC §18.4: a pre-execute decision may edit the call's arguments (allow and ask), deny with its
 * own code, and ask without the scope's memory of always-answers (`remember: false`).
 */

describe('§18.4 edited arguments', () => {
  it('an allow with arguments replaces them: the guards, the wrappers and the body see the edit', async () => {
    const { registry, seen } = shellRegistry()
    const edit = { command: 'ls -la', timeout: 5 }
    registry.on('tools/pre-execute', () => ({ kind: 'allow', arguments: edit }))
    const result = await registry.execute(callInput('shell', { command: 'ls' }))
    expect(result).toEqual({ content: [text('ran ls -la')], isError: false })
    expect(seen.body).toEqual([edit])
    expect(seen.guard).toEqual([edit])
    expect(seen.wrapper).toEqual([edit])
    // A snapshot, deep-frozen: the listener's own object is not what runs.
    expect(seen.guard[0]).not.toBe(edit)
    expect(Object.isFrozen(seen.guard[0])).toBe(true)
  })

  it('the edit is read once: changing the returned object afterwards changes nothing', async () => {
    const { registry, seen } = shellRegistry()
    const edit = { command: 'echo safe' }
    registry.on('tools/pre-execute', () => {
      setTimeout(() => {
        edit.command = 'rm -rf /'
      }, 0)
      return { kind: 'allow', arguments: edit }
    })
    registry.on('tools/execute', async (_exec, next) => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      return next()
    })
    await registry.execute(callInput('shell', { command: 'ls' }))
    expect(seen.body).toEqual([{ command: 'echo safe' }])
  })

  it('an edit is normalised and validated again by step 4 (a strict null is removed)', async () => {
    const { registry, seen } = shellRegistry()
    registry.on('tools/pre-execute', () => ({
      kind: 'allow',
      arguments: { command: 'pwd', timeout: null },
    }))
    const result = await registry.execute(callInput('shell', { command: 'ls' }))
    expect(result.isError).toBe(false)
    expect(seen.body).toEqual([{ command: 'pwd' }])
  })

  it('an invalid edit ends the call with INVALID_ARGS naming the edit, and nothing runs', async () => {
    const { approval, requests } = service()
    const { registry, seen } = shellRegistry(approval)
    const decisions: ToolDecision[] = []
    registry.on('tools/decision', (_exec, decision) => void decisions.push(decision))
    registry.on('tools/pre-execute', () => ({ kind: 'ask', arguments: { command: 7 } }))
    const result = await registry.execute(callInput('shell', { command: 'ls' }, { agent: alice }))
    expect(result).toEqual({
      content: [
        {
          type: 'text',
          text: 'Error: invalid arguments edited by a tools/pre-execute decision: "command" must be a string, got number',
        },
      ],
      isError: true,
      error: { name: 'ToolArgsError', code: 'INVALID_ARGS' },
    })
    expect(requests).toHaveLength(0)
    expect(seen).toEqual({ body: [], guard: [], wrapper: [] })
    // An edit that did not pass changed nothing: it is not on the record as an edit.
    expect(decisions).toEqual([])
  })

  it('an ask with arguments shows the edit on the approval card and in the request', async () => {
    const { approval, requests } = service()
    const { registry, seen } = shellRegistry(approval)
    registry.on('tools/pre-execute', () => ({
      kind: 'ask',
      reason: 'wrapped in a timeout',
      arguments: { command: 'timeout 5 make' },
    }))
    await registry.execute(callInput('shell', { command: 'make' }, { agent: alice }))
    expect(requests[0]).toMatchObject({
      arguments: { command: 'timeout 5 make' },
      reason: 'wrapped in a timeout',
      view: { card: 'terminal', title: 'timeout 5 make' },
    })
    expect(seen.body).toEqual([{ command: 'timeout 5 make' }])
  })

  it('an outer listener that calls next() sees the inner decision with its arguments, and may overrule it', async () => {
    const { registry, seen } = shellRegistry()
    const inner: PreToolDecision[] = []
    registry.on('tools/pre-execute', async (_exec, next) => {
      const decision = await next()
      inner.push(decision)
      return decision.kind === 'allow' && decision.arguments !== undefined
        ? { kind: 'allow', arguments: { command: 'echo outer' } }
        : decision
    })
    registry.on('tools/pre-execute', () => ({
      kind: 'allow',
      arguments: { command: 'echo inner' },
    }))
    await registry.execute(callInput('shell', { command: 'ls' }))
    expect(inner).toEqual([{ kind: 'allow', arguments: { command: 'echo inner' } }])
    expect(Object.isFrozen((inner[0] as { arguments: object }).arguments)).toBe(true)
    expect(seen.body).toEqual([{ command: 'echo outer' }])
  })

  it('an edit of a Standard Schema tool reaches the body through the schema’s own output', async () => {
    const registry = createToolRegistry()
    const body = vi.fn((args: unknown) => Promise.resolve([text(JSON.stringify(args))]))
    const upper = {
      '~standard': {
        version: 1,
        vendor: 'test',
        validate: (value: unknown) => {
          const command = (value as { command?: unknown }).command
          return typeof command === 'string'
            ? { value: { command: command.toUpperCase() } }
            : { issues: [{ message: 'command must be a string', path: ['command'] }] }
        },
        jsonSchema: {
          input: () => ({
            type: 'object',
            properties: { command: { type: 'string' } },
            required: ['command'],
          }),
          output: () => ({ type: 'object' }),
        },
      },
    } as const
    registry.register(
      defineTool({
        name: 'shell',
        description: 'runs a command',
        parameters: upper as never,
        execute: body,
      }),
    )
    registry.on('tools/pre-execute', () => ({ kind: 'allow', arguments: { command: 'edited' } }))
    const result = await registry.execute(callInput('shell', { command: 'model' }))
    expect(result).toEqual({ content: [text('{"command":"EDITED"}')], isError: false })
  })

  it('refuses a decision whose arguments are not JSON, naming the listener', async () => {
    const { registry, seen } = shellRegistry()
    registry.on('tools/pre-execute', () => ({ kind: 'allow', arguments: { command: 1n } as never }))
    const result = await registry.execute(callInput('shell', { command: 'ls' }))
    expect(result).toEqual({
      content: [
        {
          type: 'text',
          text: "Error: a tools/pre-execute listener's decision carries arguments that are not JSON data",
        },
      ],
      isError: true,
      error: { name: 'ToolPipelineError', code: 'INVALID_DECISION' },
    })
    expect(seen.body).toEqual([])
  })
})

describe('§18.4 deny codes', () => {
  it('a deny keeps ToolDeniedError with the decision’s code, POLICY_DENIED by default', async () => {
    for (const [code, expected] of [
      [undefined, 'POLICY_DENIED'],
      ['HOOK_DENIED', 'HOOK_DENIED'],
      ['HOOK_STOPPED', 'HOOK_STOPPED'],
    ] as const) {
      const registry = createToolRegistry()
      const body = vi.fn(() => [text('ran')])
      registry.register(tool('shell', body))
      registry.on('tools/pre-execute', () =>
        code === undefined ? { kind: 'deny', reason: 'no' } : { kind: 'deny', reason: 'no', code },
      )
      expect(await registry.execute(callInput('shell'))).toEqual({
        content: [text('Error: no')],
        isError: true,
        error: { name: 'ToolDeniedError', code: expected },
      })
      expect(body).not.toHaveBeenCalled()
    }
  })

  it.each([
    ['lower case', 'hook_denied'],
    ['empty', ''],
    ['a number', 5],
    ['spaces', 'HOOK DENIED'],
    ['too long', `X${'Y'.repeat(64)}`],
  ])(
    'refuses a code that is %s (INVALID_DECISION), and the tool does not run',
    async (_label, code) => {
      const registry = createToolRegistry()
      const body = vi.fn(() => [text('ran')])
      registry.register(tool('shell', body))
      registry.on('tools/pre-execute', () => ({ kind: 'deny', reason: 'no', code }) as never)
      const result = await registry.execute(callInput('shell'))
      expect(result.error).toEqual({ name: 'ToolPipelineError', code: 'INVALID_DECISION' })
      expect(body).not.toHaveBeenCalled()
    },
  )
})
