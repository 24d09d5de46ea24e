import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { alice, text, tool } from './__fixtures__/tools.js'
import type { ApprovalOutcome, ApprovalRequest, ApprovalService } from './approval.js'
import { createToolRegistry } from './tool-registry.js'

function askingRegistry(approval?: ApprovalService, reason?: string) {
  const registry = createToolRegistry(approval === undefined ? {} : { approval })
  const body = vi.fn(() => [text('ran')])
  registry.register(
    tool('shell', body, {
      presentCall: (args) => ({ card: 'terminal', title: (args as { command: string }).command }),
    }),
  )
  registry.on('tools/pre-execute', () =>
    reason === undefined ? { kind: 'ask' } : { kind: 'ask', reason },
  )
  return { registry, body }
}

function service(outcome: ApprovalOutcome | (() => Promise<ApprovalOutcome>)) {
  const requests: ApprovalRequest[] = []
  const approval: ApprovalService = {
    request: async (request) => {
      requests.push(request)
      return typeof outcome === 'function' ? outcome() : outcome
    },
  }
  return { approval, requests }
}

describe('ask → approval', () => {
  it('allowed-once lets the call go on', async () => {
    const { approval } = service({ kind: 'allowed-once' })
    const { registry, body } = askingRegistry(approval)
    const result = await registry.execute(callInput('shell', { command: 'ls' }, { agent: alice }))
    expect(result).toEqual({ content: [text('ran')], isError: false })
    expect(body).toHaveBeenCalledTimes(1)
  })

  it.each([
    [{ kind: 'rejected' }, 'the user rejected tool "shell"', 'APPROVAL_REJECTED'],
    [
      { kind: 'rejected', reason: 'not on prod' },
      'the user rejected tool "shell": not on prod',
      'APPROVAL_REJECTED',
    ],
    [{ kind: 'rejected', reason: '' }, 'the user rejected tool "shell"', 'APPROVAL_REJECTED'],
    [{ kind: 'cancelled' }, 'approval for tool "shell" was cancelled', 'APPROVAL_CANCELLED'],
    [
      { kind: 'unavailable' },
      'tool "shell" requires approval, but no approval channel is available',
      'APPROVAL_UNAVAILABLE',
    ],
  ] as const)('%o denies with its message and code', async (outcome, message, code) => {
    const { approval } = service(outcome)
    const { registry, body } = askingRegistry(approval)
    const result = await registry.execute(callInput('shell', { command: 'ls' }, { agent: alice }))
    expect(result).toEqual({
      content: [text(`Error: ${message}`)],
      isError: true,
      error: { name: 'ToolDeniedError', code },
    })
    expect(body).not.toHaveBeenCalled()
  })

  it('without an approval service, denies with the ask’s reason or the default message', async () => {
    const withReason = askingRegistry(undefined, 'shell needs a human')
    expect(
      (await withReason.registry.execute(callInput('shell', {}, { agent: alice }))).content,
    ).toEqual([
      text('Error: needs approval (shell needs a human); no approval service is configured'),
    ])
    const withoutReason = askingRegistry()
    expect(
      (await withoutReason.registry.execute(callInput('shell', {}, { agent: alice }))).content,
    ).toEqual([
      text('Error: tool "shell" requires approval, but no approval service is configured'),
    ])
    expect(withoutReason.body).not.toHaveBeenCalled()
  })

  it('without an agent on the call, denies without asking the service', async () => {
    const { approval, requests } = service({ kind: 'allowed-once' })
    const { registry, body } = askingRegistry(approval)
    const result = await registry.execute(callInput('shell', { command: 'ls' }))
    expect(result.content).toEqual([
      text('Error: tool "shell" requires approval, but the call has no agent to route it through'),
    ])
    expect(requests).toEqual([])
    expect(body).not.toHaveBeenCalled()
  })

  it('sends the agent, tool name, call id, reason, signal and the pending card', async () => {
    const { approval, requests } = service({ kind: 'allowed-once' })
    const { registry } = askingRegistry(approval, 'runs a command')
    const controller = new AbortController()
    const input = callInput(
      'shell',
      { command: 'rm -rf build' },
      { agent: alice, signal: controller.signal },
    )
    await registry.execute(input)
    expect(requests).toHaveLength(1)
    const [request] = requests
    expect(request).toEqual({
      agent: alice,
      toolName: 'shell',
      callId: input.callId,
      arguments: { command: 'rm -rf build' },
      reason: 'runs a command',
      signal: controller.signal,
      view: { card: 'terminal', title: 'rm -rf build' },
    })
    expect(request!.agent).toBe(alice)
    expect(Object.isFrozen(request)).toBe(true)
    // SPEC §22: the validated arguments, frozen all the way down, not the caller's object.
    expect(request!.arguments).not.toBe(input.arguments)
    expect(Object.isFrozen(request!.arguments)).toBe(true)
  })

  it('falls back to the generic card in the request when the tool has no presenter', async () => {
    const { approval, requests } = service({ kind: 'allowed-once' })
    const registry = createToolRegistry({ approval })
    registry.register(tool('write'))
    registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
    await registry.execute(callInput('write', { path: 'a.txt' }, { agent: alice }))
    expect(requests[0]!.view).toEqual({
      card: 'generic',
      title: 'write',
      kind: 'other',
      rawInput: { path: 'a.txt' },
    })
    expect('reason' in requests[0]!).toBe(false)
  })

  it('guards still run after an allowed-once, and can deny', async () => {
    const { approval } = service({ kind: 'allowed-once' })
    const { registry, body } = askingRegistry(approval)
    registry.guard(() => 'the guard has the last word')
    const result = await registry.execute(callInput('shell', {}, { agent: alice }))
    expect(result.content).toEqual([text('Error: the guard has the last word')])
    expect(body).not.toHaveBeenCalled()
  })

  it('turns an unknown outcome into an error result', async () => {
    const { approval } = service({ kind: 'allowed-forever' } as never)
    const { registry, body } = askingRegistry(approval)
    const result = await registry.execute(callInput('shell', {}, { agent: alice }))
    expect(result.isError).toBe(true)
    expect(result).toEqual({
      content: [
        text(
          'Error: the approval service answered an object with keys ["kind"], which is not an approval outcome',
        ),
      ],
      isError: true,
      error: { name: 'InvalidApprovalError', code: 'INVALID_APPROVAL' },
    })
    expect(body).not.toHaveBeenCalled()
  })

  it('turns a throwing or rejecting service into an error result', async () => {
    const throwing = askingRegistry({
      request() {
        throw new Error('approval UI crashed')
      },
    })
    expect(
      (await throwing.registry.execute(callInput('shell', {}, { agent: alice }))).content,
    ).toEqual([text('Error: approval UI crashed')])
    const rejecting = askingRegistry(
      service(() => Promise.reject(new Error('channel closed'))).approval,
    )
    expect(
      (await rejecting.registry.execute(callInput('shell', {}, { agent: alice }))).content,
    ).toEqual([text('Error: channel closed')])
    expect(throwing.body).not.toHaveBeenCalled()
  })
})

describe('the approval request and its timing, to the letter', () => {
  it('carries no reason or signal member when the call has none', async () => {
    const { approval, requests } = service({ kind: 'allowed-once' })
    const { registry } = askingRegistry(approval)
    await registry.execute(callInput('shell', { command: 'ls' }, { agent: alice }))
    expect(Object.keys(requests[0] ?? {}).sort()).toEqual([
      'agent',
      'arguments',
      'callId',
      'toolName',
      'view',
    ])
    const signal = new AbortController().signal
    await registry.execute(callInput('shell', { command: 'ls' }, { agent: alice, signal }))
    expect(requests[1]?.signal).toBe(signal)
  })

  it('reports how long the person took, measured from the request to the answer', async () => {
    for (const answer of [
      () => Promise.resolve<ApprovalOutcome>({ kind: 'allowed-once' }),
      () => Promise.reject(new Error('channel closed')),
    ]) {
      const { approval } = service(answer)
      const { registry } = askingRegistry(approval)
      const durations: number[] = []
      registry.on('tools/approval', (_exec, event) => void durations.push(event.durationMs))
      const before = performance.now()
      await registry.execute(callInput('shell', { command: 'ls' }, { agent: alice }))
      const elapsed = performance.now() - before
      expect(durations).toHaveLength(1)
      expect(durations[0]).toBeGreaterThanOrEqual(0)
      expect(durations[0]).toBeLessThanOrEqual(elapsed)
    }
  })

  it('checks the arguments once when the person allows the call without editing it', async () => {
    const { approval } = service({ kind: 'allowed-once' })
    const registry = createToolRegistry({ approval })
    const checkArgs = vi.fn(() => [])
    registry.register(tool('shell', undefined, { checkArgs }))
    registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
    const result = await registry.execute(callInput('shell', { command: 'ls' }, { agent: alice }))
    expect(result.isError).toBe(false)
    expect(checkArgs).toHaveBeenCalledTimes(1)
  })
})
