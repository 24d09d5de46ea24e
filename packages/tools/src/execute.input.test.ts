import type { JsonValue } from '@toolpipe/core'
import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { agent, isDeepFrozen, text, tool } from './__fixtures__/tools.js'
import type { ToolExecution, ToolExecutionInput } from './tool-execution.js'
import { createToolRegistry } from './tool-registry.js'
import { revokedProxy } from '@toolpipe/hostile-values'

const argsNotJson = 'Error: tool execution arguments must be losslessly JSON-serializable'

describe('step 1: reading the input', () => {
  it('reads each input field exactly once', async () => {
    const registry = createToolRegistry()
    const seenSignals: unknown[] = []
    registry.register(
      tool('read', (_args, exec) => {
        seenSignals.push(exec.signal)
        return [text('ok')]
      }),
    )
    const reads = new Map<string, number>()
    const controller = new AbortController()
    const values: Record<string, unknown> = {
      callId: 'call_1',
      name: 'read',
      arguments: { path: 'a' },
      agent: agent('alice'),
      parent: undefined,
      signal: controller.signal,
    }
    const input = {} as ToolExecutionInput
    for (const key of Object.keys(values)) {
      Object.defineProperty(input, key, {
        get: () => {
          reads.set(key, (reads.get(key) ?? 0) + 1)
          return values[key]
        },
        enumerable: true,
      })
    }
    const result = await registry.execute(input)
    expect(result.isError).toBe(false)
    expect(Object.fromEntries(reads)).toEqual({
      callId: 1,
      name: 1,
      arguments: 1,
      agent: 1,
      parent: 1,
      signal: 1,
    })
    expect(seenSignals).toEqual([controller.signal])
  })

  it('assigns a fresh symbol token per call, and carries parent through', async () => {
    const registry = createToolRegistry()
    const tokens: ToolExecution[] = []
    registry.register(
      tool('read', (_args, exec) => {
        tokens.push(exec)
        return []
      }),
    )
    await registry.execute(callInput('read'))
    await registry.execute(callInput('read', {}, { parent: tokens[0]!.token }))
    expect(typeof tokens[0]!.token).toBe('symbol')
    expect(tokens[1]!.token).not.toBe(tokens[0]!.token)
    expect(tokens[1]!.parent).toBe(tokens[0]!.token)
  })

  it('turns an unreadable or malformed input into an error result, and observers are told', async () => {
    const registry = createToolRegistry()
    const observer = vi.fn()
    registry.on('tools/result', observer)
    const hostile = new Proxy({} as ToolExecutionInput, {
      get() {
        throw new Error('no reading me')
      },
    })
    const unreadable = await registry.execute(hostile)
    expect(unreadable).toMatchObject({
      isError: true,
      error: { name: 'ToolPipelineError', code: 'INVALID_INPUT' },
    })
    const malformed = await registry.execute({ callId: 7, name: 'read', arguments: {} } as never)
    expect(malformed.content).toEqual([
      text('Error: invalid tool execution input: callId must be a string, got 7'),
    ])
    expect(observer).toHaveBeenCalledTimes(2)
    await expect(registry.execute(null as never)).resolves.toMatchObject({ isError: true })
  })

  it('resolves with INVALID_INPUT whatever the fields are, hostile Proxies included', async () => {
    const registry = createToolRegistry()
    const revoked = revokedProxy()
    const inputs = [
      { callId: revoked, name: 'read', arguments: {} },
      { callId: 'c', name: revoked, arguments: {} },
      { callId: 'c', name: 'read', arguments: {}, signal: revoked },
      { callId: 'c', name: 'read', arguments: {}, parent: 'not a token' },
      { callId: 'c', name: 'read', arguments: {}, agent: 'alice' },
      { callId: 'x'.repeat(10_000), name: 5, arguments: {} },
    ]
    for (const input of inputs) {
      const result = await registry.execute(input as never)
      expect(result.error).toEqual({ name: 'ToolPipelineError', code: 'INVALID_INPUT' })
    }
    const long = await registry.execute(inputs[5] as never)
    expect((long.content[0] as { text: string }).text.length).toBeLessThan(200)
  })
})

describe('step 2: snapshotting the arguments', () => {
  it('gives the tool a deep-frozen copy; the caller’s object is never frozen or reused', async () => {
    const registry = createToolRegistry()
    let received: unknown
    registry.register(
      tool('edit', (args) => {
        received = args
        return []
      }),
    )
    const args = { edits: [{ path: 'a', text: 'b' }] }
    await registry.execute(callInput('edit', args))
    expect(received).toEqual(args)
    expect(received).not.toBe(args)
    expect(isDeepFrozen(received)).toBe(true)
    expect(Object.isFrozen(args)).toBe(false)
    expect(Object.isFrozen(args.edits[0])).toBe(false)
  })

  it.each([
    ['NaN', { n: Number.NaN }],
    ['a Map', new Map()],
    ['undefined', undefined],
    ['-0', { n: -0 }],
    [
      'a cycle',
      (() => {
        const cyclic: Record<string, unknown> = {}
        cyclic.self = cyclic
        return cyclic
      })(),
    ],
    [
      'a throwing getter',
      {
        get bad(): never {
          throw new Error('getter')
        },
      },
    ],
  ])('refuses %s: the exact error result, and nothing but observers runs', async (_label, args) => {
    const registry = createToolRegistry()
    const body = vi.fn(() => [])
    registry.register(tool('edit', body))
    const touched = vi.fn()
    registry.on('tools/pre-execute', (_exec, next) => (touched('pre'), next()))
    registry.on('tools/execute', (_exec, next) => (touched('execute'), next()))
    registry.on('tools/post-execute', (_exec, _result, next) => (touched('post'), next()))
    registry.guard(() => (touched('guard'), undefined))
    const observed: Readonly<ToolExecution<JsonValue | undefined>>[] = []
    registry.on('tools/result', (exec) => void observed.push(exec))

    const input = { ...callInput('edit'), arguments: args }
    const result = await registry.execute(input)
    expect(result).toEqual({
      content: [text(argsNotJson)],
      isError: true,
      error: { name: 'JsonSnapshotError', code: 'NOT_JSON' },
    })
    expect(body).not.toHaveBeenCalled()
    expect(touched).not.toHaveBeenCalled()
    expect(observed).toHaveLength(1)
    expect(observed[0]!.arguments).toBeUndefined()
  })

  it('keeps a __proto__ key as data in the tool’s copy', async () => {
    const registry = createToolRegistry()
    let received: Record<string, unknown> = {}
    registry.register(
      tool('edit', (args) => {
        received = args as Record<string, unknown>
        return []
      }),
    )
    await registry.execute(callInput('edit', JSON.parse('{"__proto__": {"admin": true}}')))
    expect(Object.getPrototypeOf(received)).toBe(Object.prototype)
    expect(Object.keys(received)).toEqual(['__proto__'])
    expect(received.admin).toBeUndefined()
  })
})
