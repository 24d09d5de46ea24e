import { asCallId } from '@toolpipe/core'
import type { JsonValue } from '@toolpipe/core'
import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import {
  agent,
  flushMicrotasks,
  isDeepFrozen,
  recordingLogger,
  text,
  tool,
} from './__fixtures__/tools.js'
import type { ToolExecution } from './tool-execution.js'
import { createToolRegistry } from './tool-registry.js'

const resultNotJson = 'Error: tool result must be losslessly JSON-serializable'

describe('step 11: the final result', () => {
  it('is a detached, deep-frozen snapshot; the tool’s objects are not frozen', async () => {
    const registry = createToolRegistry()
    const content = [text('hello')]
    const meta = { nested: { value: 1 } }
    registry.register(tool('read', () => ({ content, meta })))
    const result = await registry.execute(callInput('read'))
    expect(isDeepFrozen(result)).toBe(true)
    expect(result.content).not.toBe(content)
    expect(result.meta).not.toBe(meta)
    expect(Object.isFrozen(content)).toBe(false)
    expect(Object.isFrozen(meta.nested)).toBe(false)
  })

  it.each([
    ['content', () => ({ content: [{ type: 'text', text: 'x', extra: Number.NaN }] })],
    ['meta', () => ({ content: [text('ok')], meta: { when: new Date() } })],
    [
      'meta with a cycle',
      () => {
        const meta: Record<string, unknown> = {}
        meta.self = meta
        return { content: [text('ok')], meta }
      },
    ],
  ])(
    'replaces a result whose %s is not JSON with the exact NOT_JSON error result',
    async (_label, run) => {
      const registry = createToolRegistry()
      registry.register(tool('read', run as never))
      const result = await registry.execute(callInput('read'))
      expect(result).toEqual({
        content: [text(resultNotJson)],
        isError: true,
        error: { name: 'JsonSnapshotError', code: 'NOT_JSON' },
      })
      expect(isDeepFrozen(result)).toBe(true)
    },
  )

  it('checks additionalContext too', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    registry.on('tools/post-execute', () => ({
      kind: 'accept',
      additionalContext: {
        content: [{ type: 'text', text: 'x', big: 10n }],
        source: { kind: 'user' },
      } as never,
    }))
    expect((await registry.execute(callInput('read'))).content).toEqual([text(resultNotJson)])
  })

  it('freezes the execution, but not the caller’s agent', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    const alice = agent('alice')
    let observed: Readonly<ToolExecution<JsonValue | undefined>> | undefined
    registry.on('tools/result', (exec) => {
      observed = exec
    })
    await registry.execute(callInput('read', {}, { agent: alice }))
    expect(Object.isFrozen(observed)).toBe(true)
    expect(() => {
      ;(observed as ToolExecution).signal = new AbortController().signal
    }).toThrow(TypeError)
    expect(observed!.agent).toBe(alice)
    expect(Object.isFrozen(alice)).toBe(false)
  })
})

describe('step 12: tools/result observers', () => {
  it('are called synchronously, in order, before execute() resolves, with the frozen exec and result', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    const events: string[] = []
    let seenResult: unknown
    registry.on('tools/result', (exec, result) => {
      events.push(`first ${exec.name}`)
      seenResult = result
    })
    registry.on('tools/result', () => void events.push('second'))
    const result = await registry.execute(callInput('read')).then((value) => {
      events.push('resolved')
      return value
    })
    expect(events).toEqual(['first read', 'second', 'resolved'])
    expect(seenResult).toBe(result)
    expect(Object.isFrozen(seenResult)).toBe(true)
  })

  it('are isolated: a throw or a rejection is logged and reaches neither the caller nor other observers', async () => {
    const logger = recordingLogger()
    const registry = createToolRegistry({ logger })
    registry.register(tool('read'))
    const boom = new Error('observer threw')
    const rejection = new Error('observer rejected')
    registry.on('tools/result', () => {
      throw boom
    })
    registry.on('tools/result', async () => {
      throw rejection
    })
    const last = vi.fn()
    registry.on('tools/result', last)
    const result = await registry.execute(callInput('read', {}, { callId: asCallId('c-42') }))
    await flushMicrotasks()
    expect(result.isError).toBe(false)
    expect(last).toHaveBeenCalledTimes(1)
    expect(logger.warnings).toEqual([
      ['toolpipe: a tools/result observer failed for call "c-42" of tool "read"', boom],
      ['toolpipe: a tools/result observer failed for call "c-42" of tool "read"', rejection],
    ])
  })

  it('does not await a returned promise', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    registry.on('tools/result', () => new Promise<void>(() => undefined))
    await expect(registry.execute(callInput('read'))).resolves.toMatchObject({ isError: false })
  })

  it('a throwing logger cannot reach the caller either', async () => {
    const registry = createToolRegistry({
      logger: {
        warn() {
          throw new Error('logger broke')
        },
      },
    })
    registry.register(tool('read'))
    registry.on('tools/result', () => {
      throw new Error('observer broke')
    })
    await expect(registry.execute(callInput('read'))).resolves.toMatchObject({ isError: false })
  })

  it('cannot change the result: it is frozen', async () => {
    const logger = recordingLogger()
    const quiet = createToolRegistry({ logger })
    quiet.register(tool('read'))
    quiet.on('tools/result', (_exec, result) => {
      result.content.push(text('sneaky'))
    })
    const result = await quiet.execute(callInput('read'))
    expect(result.content).toEqual([text('read ran')])
    expect(logger.warnings).toHaveLength(1)
  })
})
