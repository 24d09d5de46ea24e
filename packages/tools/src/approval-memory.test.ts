import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { agent, flushMicrotasks, text, tool } from './__fixtures__/tools.js'
import type { ApprovalOutcome, ApprovalRequest, ApprovalService } from './approval.js'
import { defineTool } from './define-tool.js'
import type { ApprovalAnswer } from './tool-events.js'
import type { ToolExecution } from './tool-execution.js'
import { createToolRegistry } from './tool-registry.js'

/** An approval service that answers from a script, one outcome per request, and records them. */
function scripted(...outcomes: ApprovalOutcome[]) {
  const requests: ApprovalRequest[] = []
  const approval: ApprovalService = {
    request: vi.fn(async (request: ApprovalRequest) => {
      requests.push(request)
      const outcome = outcomes.shift()
      if (outcome === undefined) throw new Error('asked once too often')
      return outcome
    }),
  }
  return { approval, requests }
}

function askingRegistry(approval: ApprovalService) {
  const registry = createToolRegistry({ approval })
  const runs: string[] = []
  registry.register(tool('shell', (_args, exec) => (runs.push(exec.callId), [text('ran')])))
  registry.register(tool('write', () => [text('wrote')]))
  registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
  return { registry, runs }
}

const alice = agent('alice')
const bob = agent('bob')

describe('§12.3 allowed-always and rejected-always are remembered per (scope, tool)', () => {
  it('allowed-always runs this call and answers later asks for the tool in the scope from memory', async () => {
    const { approval, requests } = scripted({ kind: 'allowed-always' })
    const { registry, runs } = askingRegistry(approval)
    const first = await registry.execute(callInput('shell', {}, { agent: alice }))
    const second = await registry.execute(callInput('shell', {}, { agent: alice }))
    expect([first.isError, second.isError]).toEqual([false, false])
    expect(requests).toHaveLength(1)
    expect(runs).toHaveLength(2)
  })

  it('rejected-always denies this call and later ones, with the person’s reason, without asking', async () => {
    const { approval, requests } = scripted({ kind: 'rejected-always', reason: 'never here' })
    const { registry, runs } = askingRegistry(approval)
    for (let round = 0; round < 2; round++) {
      expect(await registry.execute(callInput('shell', {}, { agent: alice }))).toEqual({
        content: [text('Error: the user rejected tool "shell": never here')],
        isError: true,
        error: { name: 'ToolDeniedError', code: 'APPROVAL_REJECTED' },
      })
    }
    expect(requests).toHaveLength(1)
    expect(runs).toEqual([])
  })

  it('is kept per tool and per scope: another tool or another agent is asked', async () => {
    const { approval, requests } = scripted(
      { kind: 'allowed-always' },
      { kind: 'rejected' },
      { kind: 'allowed-once' },
    )
    const { registry } = askingRegistry(approval)
    await registry.execute(callInput('shell', {}, { agent: alice }))
    expect((await registry.execute(callInput('write', {}, { agent: alice }))).error?.code).toBe(
      'APPROVAL_REJECTED',
    )
    expect((await registry.execute(callInput('shell', {}, { agent: bob }))).isError).toBe(false)
    expect(requests.map((request) => [request.agent.id, request.toolName])).toEqual([
      ['alice', 'shell'],
      ['alice', 'write'],
      ['bob', 'shell'],
    ])
  })

  it('remembers the answers for several tools of one scope side by side', async () => {
    const { approval, requests } = scripted(
      { kind: 'allowed-always' },
      { kind: 'rejected-always', reason: 'no writing' },
    )
    const { registry, runs } = askingRegistry(approval)
    for (let round = 0; round < 2; round++) {
      expect((await registry.execute(callInput('shell', {}, { agent: alice }))).isError).toBe(false)
      expect((await registry.execute(callInput('write', {}, { agent: alice }))).error?.code).toBe(
        'APPROVAL_REJECTED',
      )
    }
    expect(requests.map((request) => request.toolName)).toEqual(['shell', 'write'])
    expect(runs).toHaveLength(2)
  })

  it('remembers again after forgetApprovals()', async () => {
    const { approval, requests } = scripted({ kind: 'allowed-always' }, { kind: 'allowed-always' })
    const { registry } = askingRegistry(approval)
    await registry.execute(callInput('shell', {}, { agent: alice }))
    registry.forgetApprovals()
    for (let round = 0; round < 3; round++) {
      await registry.execute(callInput('shell', {}, { agent: alice }))
    }
    expect(requests).toHaveLength(2)
  })

  it('allowed-once, rejected, cancelled and unavailable are not remembered', async () => {
    const outcomes: ApprovalOutcome[] = [
      { kind: 'allowed-once' },
      { kind: 'rejected' },
      { kind: 'cancelled' },
      { kind: 'unavailable' },
    ]
    const { approval, requests } = scripted(...outcomes, ...outcomes)
    const { registry } = askingRegistry(approval)
    for (let index = 0; index < 8; index++) {
      await registry.execute(callInput('shell', {}, { agent: alice }))
    }
    expect(requests).toHaveLength(8)
  })

  it('guards still run on a remembered allow', async () => {
    const { approval } = scripted({ kind: 'allowed-always' })
    const { registry, runs } = askingRegistry(approval)
    await registry.execute(callInput('shell', {}, { agent: alice }))
    registry.guard(() => 'not now')
    expect(await registry.execute(callInput('shell', {}, { agent: alice }))).toMatchObject({
      isError: true,
      error: { code: 'GUARD_DENIED' },
    })
    expect(runs).toHaveLength(1)
  })

  it('a remembered answer is still subject to the policy: an allow or deny never reaches memory', async () => {
    const { approval, requests } = scripted({ kind: 'rejected-always' })
    const registry = createToolRegistry({ approval })
    registry.register(tool('shell'))
    let decision: 'ask' | 'allow' = 'ask'
    registry.on('tools/pre-execute', () => ({ kind: decision }))
    await registry.execute(callInput('shell', {}, { agent: alice }))
    decision = 'allow'
    expect((await registry.execute(callInput('shell', {}, { agent: alice }))).isError).toBe(false)
    expect(requests).toHaveLength(1)
  })

  it('tools/approval observers are told of a remembered answer: remembered: true, 0 ms', async () => {
    const { approval } = scripted({ kind: 'allowed-always' })
    const { registry } = askingRegistry(approval)
    const answers: ApprovalAnswer[] = []
    registry.on('tools/approval', (_exec, answer) => {
      answers.push(answer)
    })
    await registry.execute(callInput('shell', {}, { agent: alice }))
    await registry.execute(callInput('shell', {}, { agent: alice }))
    expect(answers[0]).toMatchObject({ outcome: { kind: 'allowed-always' } })
    expect(answers[0]).toMatchObject({ remembered: false })
    expect(answers[1]).toEqual({
      outcome: { kind: 'allowed-always' },
      durationMs: 0,
      remembered: true,
    })
    expect(Object.isFrozen(answers[1])).toBe(true)
  })
})

describe('§12.3 forgetting', () => {
  it('disposing a scope handle forgets its agent’s answers', async () => {
    const { approval, requests } = scripted({ kind: 'allowed-always' }, { kind: 'allowed-once' })
    const { registry } = askingRegistry(approval)
    const scoped = registry.scope(alice)
    await scoped.execute(callInput('shell'))
    await scoped.execute(callInput('shell'))
    expect(requests).toHaveLength(1)
    scoped.dispose()
    await registry.execute(callInput('shell', {}, { agent: alice }))
    expect(requests).toHaveLength(2)
  })

  it('forgetApprovals(scope) forgets one agent’s answers; forgetApprovals() every agent’s', async () => {
    const { approval, requests } = scripted(
      { kind: 'allowed-always' },
      { kind: 'allowed-always' },
      { kind: 'allowed-always' },
      { kind: 'allowed-always' },
      { kind: 'allowed-always' },
    )
    const { registry } = askingRegistry(approval)
    const asks = async () => {
      await registry.execute(callInput('shell', {}, { agent: alice }))
      await registry.execute(callInput('shell', {}, { agent: bob }))
    }
    await asks()
    expect(requests).toHaveLength(2)
    registry.forgetApprovals(alice)
    await asks()
    expect(requests.map((request) => request.agent.id)).toEqual(['alice', 'bob', 'alice'])
    registry.forgetApprovals()
    await asks()
    expect(requests.map((request) => request.agent.id)).toEqual([
      'alice',
      'bob',
      'alice',
      'alice',
      'bob',
    ])
  })

  it('an always-answer that arrives after its scope was forgotten applies to its own call only', async () => {
    let answer: ((outcome: ApprovalOutcome) => void) | undefined
    const requests: ApprovalRequest[] = []
    const approval: ApprovalService = {
      request: (request) =>
        new Promise((resolve) => {
          requests.push(request)
          answer = resolve
        }),
    }
    const { registry, runs } = askingRegistry(approval)
    for (const forget of [
      () => {
        registry.forgetApprovals(alice)
      },
      () => {
        registry.forgetApprovals()
      },
    ]) {
      const pending = registry.execute(callInput('shell', {}, { agent: alice }))
      await flushMicrotasks()
      forget()
      answer?.({ kind: 'allowed-always' })
      expect((await pending).isError).toBe(false)
      const next = registry.execute(callInput('shell', {}, { agent: alice }))
      await flushMicrotasks()
      answer?.({ kind: 'allowed-once' })
      await next
    }
    expect(requests).toHaveLength(4)
    expect(runs).toHaveLength(4)
  })

  it('forgetApprovals refuses a scope that is not an agent object', () => {
    const { registry } = askingRegistry(scripted().approval)
    expect(() => {
      registry.forgetApprovals('alice' as never)
    }).toThrow(expect.objectContaining({ code: 'INVALID_SCOPE' }))
  })
})

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
