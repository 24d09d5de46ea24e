import { describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { alice, bob, flushMicrotasks, text, tool } from './__fixtures__/tools.js'
import type { ApprovalOutcome, ApprovalRequest, ApprovalService } from './approval.js'
import type { ApprovalAnswer } from './tool-events.js'
import { createToolRegistry } from './tool-registry.js'
import { scripted } from './__fixtures__/scripted-approval.js'

function askingRegistry(approval: ApprovalService) {
  const registry = createToolRegistry({ approval })
  const runs: string[] = []
  registry.register(tool('shell', (_args, exec) => (runs.push(exec.callId), [text('ran')])))
  registry.register(tool('write', () => [text('wrote')]))
  registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
  return { registry, runs }
}

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
