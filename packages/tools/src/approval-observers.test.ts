import { asCallId } from '@toolpipe/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { alice, bob, flushMicrotasks, recordingLogger, text, tool } from './__fixtures__/tools.js'
import type { ApprovalOutcome, ApprovalService } from './approval.js'
import type { ApprovalAnswer } from './tool-events.js'
import type { ToolExecution } from './tool-execution.js'
import { ToolDeniedError } from './tool-denied-error.js'
import { createToolRegistry } from './tool-registry.js'

describe('tools/approval observers', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  /** A registry whose `shell` tool is always asked about, with an approval service under test. */
  function askingRegistry(approval: ApprovalService, logger = recordingLogger()) {
    const registry = createToolRegistry({ approval, logger })
    const body = vi.fn(() => [text('ran')])
    registry.register(tool('shell', body))
    registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
    const answers: { exec: ToolExecution; answer: ApprovalAnswer }[] = []
    registry.on('tools/approval', (exec, answer) => void answers.push({ exec, answer }))
    return { registry, body, answers, logger }
  }

  const answering = (outcome: unknown): ApprovalService => ({
    request: async () => outcome as ApprovalOutcome,
  })

  it.each([
    [{ kind: 'allowed-once' }, { kind: 'allowed-once' }, undefined],
    [
      { kind: 'rejected', reason: 'not now' },
      { kind: 'rejected', reason: 'not now' },
      'APPROVAL_REJECTED',
    ],
    [{ kind: 'rejected', reason: '' }, { kind: 'rejected' }, 'APPROVAL_REJECTED'],
    [{ kind: 'cancelled' }, { kind: 'cancelled' }, 'APPROVAL_CANCELLED'],
    [{ kind: 'unavailable' }, { kind: 'unavailable' }, 'APPROVAL_UNAVAILABLE'],
  ] as const)('report the outcome %o as it was read, frozen', async (answered, read, code) => {
    const { registry, answers } = askingRegistry(answering(answered))
    const input = callInput('shell', {}, { agent: alice })
    const result = await registry.execute(input)
    expect(result.error?.code).toBe(code)
    expect(answers).toHaveLength(1)
    const [{ exec, answer }] = answers as [(typeof answers)[number]]
    expect(exec).toMatchObject({ callId: input.callId, name: 'shell', agent: alice })
    expect(answer.outcome).toEqual(read)
    expect(answer.outcome).not.toBe(answered)
    expect(answer.error).toBeUndefined()
    expect(Object.isFrozen(answer)).toBe(true)
    expect(Object.isFrozen(answer.outcome)).toBe(true)
  })

  it('report how long the person took, by performance.now()', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] })
    const fortyMinutes = 40 * 60 * 1000
    const { registry, answers } = askingRegistry({
      request: () =>
        new Promise<ApprovalOutcome>((resolve) => {
          setTimeout(() => {
            resolve({ kind: 'allowed-once' })
          }, fortyMinutes)
        }),
    })
    const pending = registry.execute(callInput('shell', {}, { agent: alice }))
    await vi.advanceTimersByTimeAsync(fortyMinutes)
    await expect(pending).resolves.toMatchObject({ isError: false })
    expect(answers[0]!.answer.durationMs).toBe(fortyMinutes)
  })

  it.each([
    [
      'a throwing service',
      {
        request() {
          throw new Error('approval UI crashed')
        },
      },
      { name: 'ListenerError', code: 'LISTENER_FAILED' },
    ],
    [
      'a rejecting service',
      { request: () => Promise.reject(new Error('channel closed')) },
      { name: 'ListenerError', code: 'LISTENER_FAILED' },
    ],
    [
      'a service that throws a HarnessError',
      { request: () => Promise.reject(new ToolDeniedError('quota reached', 'POLICY_DENIED')) },
      { name: 'ToolDeniedError', code: 'POLICY_DENIED' },
    ],
    [
      'an answer that is no outcome',
      answering({ kind: 'allowed-forever' }),
      { name: 'InvalidApprovalError', code: 'INVALID_APPROVAL' },
    ],
  ] as const)(
    'report %s as the error the call’s result carries',
    async (_label, approval, error) => {
      const { registry, answers, body } = askingRegistry(approval)
      const result = await registry.execute(callInput('shell', {}, { agent: alice }))
      expect(result.error).toEqual(error)
      expect(answers).toHaveLength(1)
      expect(answers[0]!.answer.outcome).toBeUndefined()
      expect(answers[0]!.answer.error).toEqual(error)
      expect(answers[0]!.answer.durationMs).toBeGreaterThanOrEqual(0)
      expect(body).not.toHaveBeenCalled()
    },
  )

  it('are told when the answer comes back: before the guards and the tool run', async () => {
    const order: string[] = []
    const registry = createToolRegistry({
      approval: {
        request: async () => {
          order.push('asked')
          return { kind: 'allowed-once' }
        },
      },
    })
    registry.register(tool('shell', () => (order.push('body'), [text('ran')])))
    registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
    registry.guard(() => void order.push('guard'))
    registry.on(
      'tools/approval',
      (_exec, answer) => void order.push(`answer ${answer.outcome?.kind ?? '-'}`),
    )
    await registry.execute(callInput('shell', {}, { agent: alice }))
    expect(order).toEqual(['asked', 'answer allowed-once', 'guard', 'body'])
  })

  it('are not told when nobody was asked: no ask, no service, or no agent on the call', async () => {
    const told = vi.fn()
    const plain = createToolRegistry({ approval: answering({ kind: 'allowed-once' }) })
    plain.register(tool('shell'))
    plain.on('tools/approval', told)
    await plain.execute(callInput('shell', {}, { agent: alice }))

    const noService = createToolRegistry()
    noService.register(tool('shell'))
    noService.on('tools/pre-execute', () => ({ kind: 'ask' }))
    noService.on('tools/approval', told)
    expect((await noService.execute(callInput('shell', {}, { agent: alice }))).error?.code).toBe(
      'APPROVAL_UNAVAILABLE',
    )

    const { registry: noAgent, answers } = askingRegistry(answering({ kind: 'allowed-once' }))
    expect((await noAgent.execute(callInput('shell'))).error?.code).toBe('APPROVAL_UNAVAILABLE')
    expect(answers).toEqual([])
    expect(told).not.toHaveBeenCalled()
  })

  it('a scoped observer is told only of its scope’s calls, and its disposer removes it', async () => {
    const registry = createToolRegistry({ approval: answering({ kind: 'cancelled' }) })
    registry.register(tool('shell'))
    registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
    const told: string[] = []
    const remove = registry.on('tools/approval', (exec) => void told.push(exec.agent!.id), {
      scope: alice,
    })
    await registry.execute(callInput('shell', {}, { agent: alice }))
    await registry.execute(callInput('shell', {}, { agent: bob }))
    expect(told).toEqual(['alice'])
    remove()
    await registry.execute(callInput('shell', {}, { agent: alice }))
    expect(told).toEqual(['alice'])
  })

  it('are isolated: a throw or a rejection is logged, and the call goes on as answered', async () => {
    const logger = recordingLogger()
    const { registry, body } = askingRegistry(answering({ kind: 'allowed-once' }), logger)
    const boom = new Error('approval observer threw')
    const rejection = new Error('approval observer rejected')
    registry.on('tools/approval', () => {
      throw boom
    })
    registry.on('tools/approval', () => Promise.reject(rejection))
    const last = vi.fn()
    registry.on('tools/approval', last)
    const result = await registry.execute(
      callInput('shell', {}, { agent: alice, callId: asCallId('c-3') }),
    )
    await flushMicrotasks()
    expect(result).toEqual({ content: [text('ran')], isError: false })
    expect(body).toHaveBeenCalledTimes(1)
    expect(last).toHaveBeenCalledTimes(1)
    expect(logger.warnings).toEqual([
      ['toolpipe: a tools/approval observer failed for call "c-3" of tool "shell"', boom],
      ['toolpipe: a tools/approval observer failed for call "c-3" of tool "shell"', rejection],
    ])
  })
})
