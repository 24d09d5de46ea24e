import { AsyncLocalStorage } from 'node:async_hooks'
import { asCallId } from '@toolpipe/core'
import type { JsonValue } from '@toolpipe/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { agent, flushMicrotasks, recordingLogger, text, tool } from './__fixtures__/tools.js'
import type { ApprovalOutcome, ApprovalService } from './approval.js'
import type { ApprovalAnswer } from './tool-events.js'
import type { ToolExecution, ToolExecutionResult } from './tool-execution.js'
import { ToolDeniedError } from './tool-denied-error.js'
import { createToolRegistry } from './tool-registry.js'
import type { ToolRegistry } from './tool-registry.js'

type ObservedExec = Readonly<ToolExecution<JsonValue | undefined>>

const alice = agent('alice')
const bob = agent('bob')

/** Records every start and result the registry reports, in order, with the exec objects. */
function recordLifecycle(registry: ToolRegistry) {
  const events: { event: 'start' | 'result'; exec: ObservedExec; result?: ToolExecutionResult }[] =
    []
  registry.on('tools/start', (exec) => void events.push({ event: 'start', exec }))
  registry.on('tools/result', (exec, result) => void events.push({ event: 'result', exec, result }))
  return events
}

describe('tools/start observers', () => {
  it('are told first, in the caller’s stack: before execute() returns and before any listener runs', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    const order: string[] = []
    registry.on('tools/pre-execute', (_exec, next) => {
      order.push('pre-execute')
      return next()
    })
    registry.on('tools/start', (exec) => void order.push(`start ${exec.name}`))
    const pending = registry.execute(callInput('read'))
    order.push('execute() returned')
    await pending
    expect(order[0]).toBe('start read')
    expect(order.indexOf('start read')).toBeLessThan(order.indexOf('pre-execute'))
    expect(order.indexOf('start read')).toBeLessThan(order.indexOf('execute() returned'))
  })

  it('see the caller’s async context, even when the caller awaits nothing else', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    const storage = new AsyncLocalStorage<string>()
    const seen: (string | undefined)[] = []
    registry.on('tools/start', () => void seen.push(storage.getStore()))
    await storage.run('turn 7', () => registry.execute(callInput('read')))
    await storage.run('turn 8', () => registry.scope(alice).execute(callInput('read')))
    expect(seen).toEqual(['turn 7', 'turn 8'])
  })

  it('get the execution record every later stage sees, with its snapshotted arguments', async () => {
    const registry = createToolRegistry()
    let bodyExec: unknown
    registry.register(
      tool('read', (_args, exec) => {
        bodyExec = exec
        return [text('ok')]
      }),
    )
    const events = recordLifecycle(registry)
    const args = { path: 'a.txt' }
    const input = callInput('read', args, { agent: alice })
    await registry.execute(input)
    const [start, result] = events
    expect(start!.exec).toBe(bodyExec)
    expect(result!.exec).toBe(start!.exec)
    expect(start!.exec).toMatchObject({ callId: input.callId, name: 'read', agent: alice })
    expect(start!.exec.arguments).toEqual(args)
    expect(start!.exec.arguments).not.toBe(args)
    expect(Object.isFrozen(start!.exec.arguments)).toBe(true)
  })

  const alwaysDeny: ApprovalService = { request: async () => ({ kind: 'rejected' }) }
  it.each([
    ['an unreadable input', null, 'INVALID_INPUT'],
    ['arguments that are not JSON', callInput('read', { size: 1n }), 'NOT_JSON'],
    ['an unknown tool', callInput('nope'), 'UNKNOWN_TOOL'],
    ['invalid arguments', callInput('strict', {}), 'INVALID_ARGS'],
    ['a policy denial', callInput('denied'), 'POLICY_DENIED'],
    ['an approval rejection', callInput('asked', {}, { agent: alice }), 'APPROVAL_REJECTED'],
    ['a guard denial', callInput('guarded'), 'GUARD_DENIED'],
    ['a throwing tool', callInput('broken'), 'TOOL_FAILED'],
    ['a success', callInput('read'), undefined],
  ] as const)(
    'are told of every call exactly once, before its result observers: %s',
    async (_label, input, code) => {
      const registry = createToolRegistry({ approval: alwaysDeny })
      registry.register(tool('read'))
      registry.register(tool('denied'))
      registry.register(tool('asked'))
      registry.register(tool('guarded'))
      registry.register(
        tool('broken', () => {
          throw new Error('disk on fire')
        }),
      )
      registry.register(
        tool('strict', undefined, {
          checkArgs: (args) =>
            'path' in (args as object)
              ? []
              : [
                  {
                    code: 'missing',
                    path: ['path'],
                    message: 'missing required property "path"',
                    expected: 'string',
                  },
                ],
        }),
      )
      registry.on('tools/pre-execute', (exec, next) => {
        if (exec.name === 'denied') return { kind: 'deny', reason: 'not today' }
        if (exec.name === 'asked') return { kind: 'ask' }
        return next()
      })
      registry.guard((exec) => (exec.name === 'guarded' ? 'guarded' : undefined))
      const events = recordLifecycle(registry)
      const result = await registry.execute(input as never)
      expect(result.error?.code).toBe(code)
      expect(events.map(({ event }) => event)).toEqual(['start', 'result'])
      expect(events[1]!.exec).toBe(events[0]!.exec)
    },
  )

  it('run in registration order; prepend puts one first; each disposer removes its own', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    const order: string[] = []
    const removeFirst = registry.on('tools/start', () => void order.push('first'))
    registry.on('tools/start', () => void order.push('second'))
    registry.on('tools/start', () => void order.push('prepended'), { prepend: true })
    await registry.execute(callInput('read'))
    expect(order).toEqual(['prepended', 'first', 'second'])
    removeFirst()
    order.length = 0
    await registry.execute(callInput('read'))
    expect(order).toEqual(['prepended', 'second'])
  })

  it('a scoped observer is told only of its scope’s calls, and goes away with the scope', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    const told: string[] = []
    registry.on('tools/start', (exec) => void told.push(`global:${exec.agent?.id ?? '-'}`))
    registry.on('tools/start', (exec) => void told.push(`alice:${exec.agent?.id ?? '-'}`), {
      scope: alice,
    })
    const bobs = registry.scope(bob)
    bobs.on('tools/start', (exec) => void told.push(`bob:${exec.agent?.id ?? '-'}`))
    await registry.execute(callInput('read'))
    await registry.execute(callInput('read', {}, { agent: alice }))
    await bobs.execute(callInput('read'))
    expect(told).toEqual(['global:-', 'global:alice', 'alice:alice', 'global:bob', 'bob:bob'])
    bobs.dispose()
    told.length = 0
    await registry.execute(callInput('read', {}, { agent: bob }))
    expect(told).toEqual(['global:bob'])
  })

  it('are isolated: a throw or a rejection is logged, and reaches neither the call nor other observers', async () => {
    const logger = recordingLogger()
    const registry = createToolRegistry({ logger })
    registry.register(tool('read'))
    const boom = new Error('start observer threw')
    const rejection = new Error('start observer rejected')
    registry.on('tools/start', () => {
      throw boom
    })
    registry.on('tools/start', () => Promise.reject(rejection))
    const last = vi.fn()
    registry.on('tools/start', last)
    const result = await registry.execute(callInput('read', {}, { callId: asCallId('c-9') }))
    await flushMicrotasks()
    expect(result).toEqual({ content: [text('read ran')], isError: false })
    expect(last).toHaveBeenCalledTimes(1)
    expect(logger.warnings).toEqual([
      ['toolpipe: a tools/start observer failed for call "c-9" of tool "read"', boom],
      ['toolpipe: a tools/start observer failed for call "c-9" of tool "read"', rejection],
    ])
  })

  it('a throwing logger cannot make execute() throw or reject either', async () => {
    const registry = createToolRegistry({
      logger: {
        warn() {
          throw new Error('logger broke')
        },
      },
    })
    registry.register(tool('read'))
    registry.on('tools/start', () => {
      throw new Error('observer broke')
    })
    await expect(registry.execute(callInput('read'))).resolves.toMatchObject({ isError: false })
  })

  it('does not await a returned promise', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    registry.on('tools/start', () => new Promise<void>(() => undefined))
    await expect(registry.execute(callInput('read'))).resolves.toMatchObject({ isError: false })
  })
})

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
