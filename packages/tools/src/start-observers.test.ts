import { AsyncLocalStorage } from 'node:async_hooks'
import { asCallId } from '@toolpipe/core'
import type { JsonValue } from '@toolpipe/core'
import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { alice, bob, flushMicrotasks, recordingLogger, text, tool } from './__fixtures__/tools.js'
import type { ApprovalService } from './approval.js'
import type { ToolExecution, ToolExecutionResult } from './tool-execution.js'
import { createToolRegistry } from './tool-registry.js'
import type { ToolRegistry } from './tool-registry.js'

type ObservedExec = Readonly<ToolExecution<JsonValue | undefined>>

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
