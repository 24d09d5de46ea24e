import { describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { alice, text, tool } from './__fixtures__/tools.js'
import type { ApprovalOutcome } from './approval.js'
import { defineTool } from './define-tool.js'
import type { ApprovalAnswer } from './tool-events.js'
import type { ToolExecution } from './tool-execution.js'
import { createToolRegistry } from './tool-registry.js'
import { scripted } from './__fixtures__/scripted-approval.js'

describe('§12.3 allowed-once with edited arguments', () => {
  function editingRegistry(...outcomes: ApprovalOutcome[]) {
    const { approval, requests } = scripted(...outcomes)
    const registry = createToolRegistry({ approval })
    const bodies: unknown[] = []
    const definition = defineTool({
      name: 'shell',
      description: 'Run a command.',
      parameters: {
        command: { type: 'string', required: true },
        timeout: { type: 'integer', minimum: 1 },
      },
      async execute(args) {
        bodies.push(args)
        return [text(`ran ${args.command}`)]
      },
    })
    registry.register(definition)
    registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
    return { registry, requests, bodies }
  }

  it('the call proceeds with the edit: guards, the body, post-execute and observers see it', async () => {
    const { registry, requests, bodies } = editingRegistry({
      kind: 'allowed-once',
      arguments: { command: 'ls -la', timeout: 5 },
    })
    const guarded: unknown[] = []
    registry.guard((exec) => {
      guarded.push(exec.arguments)
      return undefined
    })
    const observed: ToolExecution<unknown>[] = []
    registry.on('tools/result', (exec) => {
      observed.push(exec)
    })
    const result = await registry.execute(
      callInput('shell', { command: 'rm -rf /' }, { agent: alice }),
    )
    expect(result.content).toEqual([text('ran ls -la')])
    expect(requests[0]?.view).toMatchObject({ card: 'generic' })
    expect(guarded).toEqual([{ command: 'ls -la', timeout: 5 }])
    expect(bodies).toEqual([{ command: 'ls -la', timeout: 5 }])
    expect(observed[0]?.arguments).toEqual({ command: 'ls -la', timeout: 5 })
    expect(Object.isFrozen(observed[0]?.arguments)).toBe(true)
  })

  it('the edit is normalized like the model’s arguments (a strict null for an optional member)', async () => {
    const { registry, bodies } = editingRegistry({
      kind: 'allowed-once',
      arguments: { command: 'ls', timeout: null },
    })
    await registry.execute(callInput('shell', { command: 'pwd' }, { agent: alice }))
    expect(bodies).toEqual([{ command: 'ls' }])
  })

  it('an invalid edit is INVALID_ARGS naming the edit, and the tool does not run', async () => {
    const { registry, bodies } = editingRegistry({
      kind: 'allowed-once',
      arguments: { command: 7, timeout: 0 },
    })
    const result = await registry.execute(callInput('shell', { command: 'ls' }, { agent: alice }))
    expect(result).toEqual({
      content: [
        text(
          'Error: invalid arguments edited at approval: "command" must be a string, got number; "timeout" must be at least 1, got 0',
        ),
      ],
      isError: true,
      error: { name: 'ToolArgsError', code: 'INVALID_ARGS' },
    })
    expect(bodies).toEqual([])
  })

  it('edited arguments that are not JSON are INVALID_APPROVAL, saying where', async () => {
    const { registry, bodies } = editingRegistry({
      kind: 'allowed-once',
      arguments: { command: 'ls', timeout: Number.NaN } as never,
    })
    const result = await registry.execute(callInput('shell', { command: 'ls' }, { agent: alice }))
    expect(result.error).toEqual({ name: 'InvalidApprovalError', code: 'INVALID_APPROVAL' })
    expect(result.content).toEqual([
      text(
        'Error: the approval service answered allowed-once with edited arguments that are not JSON: ' +
          'not JSON at $.timeout: NaN is not a finite number',
      ),
    ])
    expect(bodies).toEqual([])
  })

  it('the edit is copied when the answer is read: the service cannot change it afterwards', async () => {
    const edit = { command: 'ls' }
    const { registry, bodies } = editingRegistry({ kind: 'allowed-once', arguments: edit })
    registry.guard(() => {
      edit.command = 'rm -rf /'
      return undefined
    })
    await registry.execute(callInput('shell', { command: 'pwd' }, { agent: alice }))
    expect(bodies).toEqual([{ command: 'ls' }])
  })

  it('a hand-written tool without a check runs with any JSON edit', async () => {
    const { approval } = scripted({ kind: 'allowed-once', arguments: [1, 2] })
    const registry = createToolRegistry({ approval })
    const seen: unknown[] = []
    registry.register(tool('raw', (args) => (seen.push(args), [])))
    registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
    await registry.execute(callInput('raw', { a: 1 }, { agent: alice }))
    expect(seen).toEqual([[1, 2]])
  })

  it('tools/approval observers see the edit in the outcome', async () => {
    const { registry } = editingRegistry({ kind: 'allowed-once', arguments: { command: 'ls' } })
    const answers: ApprovalAnswer[] = []
    registry.on('tools/approval', (_exec, answer) => {
      answers.push(answer)
    })
    await registry.execute(callInput('shell', { command: 'pwd' }, { agent: alice }))
    expect(answers[0]?.outcome).toEqual({ kind: 'allowed-once', arguments: { command: 'ls' } })
  })
})
