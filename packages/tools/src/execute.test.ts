import { asCallId, HarnessError } from '@toolpipe/core'
import type { ContentBlock, HookContext, JsonValue } from '@toolpipe/core'
import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { agent, flushMicrotasks, recordingLogger, text, tool } from './__fixtures__/tools.js'
import type { PostToolDecision, PreToolDecision } from './tool-decisions.js'
import type { ToolExecution, ToolExecutionInput, ToolExecutionResult } from './tool-execution.js'
import { createToolRegistry } from './tool-registry.js'

const argsNotJson = 'Error: tool execution arguments must be losslessly JSON-serializable'
const resultNotJson = 'Error: tool result must be losslessly JSON-serializable'

function isDeepFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true
  return Object.isFrozen(value) && Object.values(value).every(isDeepFrozen)
}

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
    const { proxy: revoked, revoke } = Proxy.revocable({}, {})
    revoke()
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

describe('step 5: tools/pre-execute', () => {
  it('allows by default', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    expect(await registry.execute(callInput('read'))).toEqual({
      content: [text('read ran')],
      isError: false,
    })
  })

  it('denies with the listener’s reason; the tool does not run, post-execute still does', async () => {
    const registry = createToolRegistry()
    const body = vi.fn(() => [])
    registry.register(tool('shell', body))
    registry.on('tools/pre-execute', () => ({ kind: 'deny', reason: 'shell is off' }))
    const post = vi.fn(
      (_exec: ToolExecution, _result: ToolExecutionResult, next: () => Promise<PostToolDecision>) =>
        next(),
    )
    registry.on('tools/post-execute', post)
    const wrapper = vi.fn()
    registry.on('tools/execute', wrapper)
    const result = await registry.execute(callInput('shell'))
    expect(result).toEqual({
      content: [text('Error: shell is off')],
      isError: true,
      error: { name: 'ToolDeniedError', code: 'POLICY_DENIED' },
    })
    expect(body).not.toHaveBeenCalled()
    expect(wrapper).not.toHaveBeenCalled()
    expect(post).toHaveBeenCalledTimes(1)
    expect(post.mock.calls[0]![1]).toEqual(result)
  })

  it('is not monotonic: an outer listener overrules an inner deny', async () => {
    const registry = createToolRegistry()
    registry.register(tool('shell'))
    registry.on('tools/pre-execute', async (_exec, next) => {
      const inner = await next()
      return inner.kind === 'deny' ? { kind: 'allow' } : inner
    })
    registry.on('tools/pre-execute', () => ({ kind: 'deny', reason: 'inner says no' }))
    expect((await registry.execute(callInput('shell'))).isError).toBe(false)
  })

  it('turns a malformed decision into an error result naming the listener', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    registry.on('tools/pre-execute', () => ({ kind: 'deny' }) as unknown as PreToolDecision)
    const result = await registry.execute(callInput('read'))
    expect(result.isError).toBe(true)
    expect(result.error).toEqual({ name: 'ToolPipelineError', code: 'INVALID_DECISION' })
    expect((result.content[0] as { text: string }).text).toBe(
      "Error: a tools/pre-execute listener returned an object with keys [\"kind\"]; expected { kind: 'allow', arguments? } | { kind: 'deny', reason, code? } | { kind: 'ask', reason?, arguments?, remember? }",
    )
  })
})

describe('step 7: guards', () => {
  it('run global guards in registration order, then the scope’s; the first reason denies', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    const alice = agent('alice')
    const order: string[] = []
    registry.guard(() => (order.push('scoped first'), undefined), { scope: alice })
    registry.guard(() => (order.push('global 1'), undefined))
    registry.guard(() => (order.push('global 2'), 'global 2 says no'))
    registry.guard(() => (order.push('global 3'), 'never reached'))
    const result = await registry.execute(callInput('read', {}, { agent: alice }))
    expect(order).toEqual(['global 1', 'global 2'])
    expect(result.content).toEqual([text('Error: global 2 says no')])

    const scopedOnly = createToolRegistry()
    scopedOnly.register(tool('read'))
    scopedOnly.guard(() => undefined)
    scopedOnly.guard(() => 'scope says no', { scope: alice })
    expect((await scopedOnly.execute(callInput('read', {}, { agent: alice }))).content).toEqual([
      text('Error: scope says no'),
    ])
    expect((await scopedOnly.execute(callInput('read', {}, { agent: agent('bob') }))).isError).toBe(
      false,
    )
  })

  it('can only narrow: no pre-execute listener can undo a guard', async () => {
    const registry = createToolRegistry()
    const body = vi.fn(() => [])
    registry.register(tool('shell', body))
    registry.guard(() => 'guarded')
    registry.on('tools/pre-execute', () => ({ kind: 'allow' }), { prepend: true })
    registry.on('tools/execute', (exec, next) => next())
    const result = await registry.execute(callInput('shell'))
    expect(result.content).toEqual([text('Error: guarded')])
    expect(body).not.toHaveBeenCalled()
  })

  it('do not run when the waterfall already denied', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    const guard = vi.fn(() => undefined)
    registry.guard(guard)
    registry.on('tools/pre-execute', () => ({ kind: 'deny', reason: 'no' }))
    await registry.execute(callInput('read'))
    expect(guard).not.toHaveBeenCalled()
  })

  it('receive the execution, and a guard returning something else fails the call closed', async () => {
    const registry = createToolRegistry()
    const body = vi.fn(() => [])
    registry.register(tool('read', body))
    let seen: Readonly<ToolExecution> | undefined
    registry.guard((exec) => {
      seen = exec
      return Promise.resolve('async guards are not supported') as never
    })
    const result = await registry.execute(callInput('read', { path: 'a' }))
    expect(seen?.arguments).toEqual({ path: 'a' })
    expect(result.error).toEqual({ name: 'ToolPipelineError', code: 'INVALID_GUARD_RESULT' })
    expect(body).not.toHaveBeenCalled()
  })
})

describe('step 8: tools/execute and dispatch', () => {
  it('wraps dispatch, outermost first, and a wrapper may change the result', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    registry.on('tools/execute', async (_exec, next) => {
      const result = await next()
      return { ...result, content: [...result.content, text('traced')] }
    })
    expect((await registry.execute(callInput('read'))).content).toEqual([
      text('read ran'),
      text('traced'),
    ])
  })

  it('lets a retry wrapper run the tool again by calling next() again', async () => {
    const registry = createToolRegistry()
    let attempts = 0
    registry.register(
      tool('flaky', () => {
        attempts++
        if (attempts < 3) throw new Error(`attempt ${attempts} failed`)
        return [text(`succeeded on attempt ${attempts}`)]
      }),
    )
    const seen: ContentBlock[][] = []
    registry.on('tools/execute', async (_exec, next) => {
      let result = await next()
      while (result.isError) {
        seen.push(result.content)
        result = await next()
      }
      return result
    })
    const result = await registry.execute(callInput('flaky'))
    expect(result).toEqual({ content: [text('succeeded on attempt 3')], isError: false })
    // A throw inside the tool reached the wrapper as an error result, not as a rejection.
    expect(seen).toEqual([[text('Error: attempt 1 failed')], [text('Error: attempt 2 failed')]])
  })

  it('short-circuits: a wrapper that does not call next() means the tool does not run', async () => {
    const registry = createToolRegistry()
    const body = vi.fn(() => [])
    registry.register(tool('read', body))
    registry.on('tools/execute', () => ({ content: [text('cached')], isError: false }))
    expect((await registry.execute(callInput('read'))).content).toEqual([text('cached')])
    expect(body).not.toHaveBeenCalled()
  })

  it('reports an unknown tool as ToolNotFoundError / UNKNOWN_TOOL', async () => {
    const registry = createToolRegistry()
    expect(await registry.execute(callInput('nope'))).toEqual({
      content: [text('Error: unknown tool "nope"')],
      isError: true,
      error: { name: 'ToolNotFoundError', code: 'UNKNOWN_TOOL' },
    })
  })

  it('treats a restricted-away tool exactly like a missing one', async () => {
    const registry = createToolRegistry()
    const body = vi.fn(() => [])
    registry.register(tool('shell', body))
    registry.register(tool('read'))
    const alice = agent('alice')
    registry.restrict(alice, { allow: ['read'] })
    const result = await registry.execute(callInput('shell', {}, { agent: alice }))
    expect(result).toEqual({
      content: [text('Error: unknown tool "shell"')],
      isError: true,
      error: { name: 'ToolNotFoundError', code: 'UNKNOWN_TOOL' },
    })
    expect(body).not.toHaveBeenCalled()
  })

  it('dispatches to the tool visible in the call’s scope', async () => {
    const registry = createToolRegistry()
    const alice = agent('alice')
    registry.register(tool('read', () => [text('global')]))
    registry.register(
      tool('read', () => [text('alice’s own')]),
      { scope: alice },
    )
    expect((await registry.execute(callInput('read', {}, { agent: alice }))).content).toEqual([
      text('alice’s own'),
    ])
    expect((await registry.execute(callInput('read'))).content).toEqual([text('global')])
  })

  it('normalises both return forms; meta travels on success', async () => {
    const registry = createToolRegistry()
    registry.register(tool('array', () => [text('a')]))
    registry.register(tool('object', () => ({ content: [text('b')], meta: { lines: 3 } })))
    registry.register(tool('bare', () => ({ content: [text('c')] })))
    expect(await registry.execute(callInput('array'))).toEqual({
      content: [text('a')],
      isError: false,
    })
    expect(await registry.execute(callInput('object'))).toEqual({
      content: [text('b')],
      isError: false,
      meta: { lines: 3 },
    })
    expect(await registry.execute(callInput('bare'))).toEqual({
      content: [text('c')],
      isError: false,
    })
  })

  it('fails a call whose tool returns something else, naming the tool', async () => {
    const registry = createToolRegistry()
    registry.register(tool('odd', () => 'just text' as never))
    registry.register(tool('badBlocks', () => [{ text: 'no type' }] as never))
    const odd = await registry.execute(callInput('odd'))
    expect(odd.content).toEqual([
      text(
        'Error: tool "odd" returned "just text"; a tool returns content blocks or { content?, structured?, meta? } with content or structured',
      ),
    ])
    expect(odd.error).toEqual({ name: 'ToolPipelineError', code: 'INVALID_TOOL_RESULT' })
    // An array, but not of content blocks: SPEC §22's INVALID_CONTENT, naming the block.
    expect(await registry.execute(callInput('badBlocks'))).toEqual({
      content: [
        text(
          'Error: tool "badBlocks" returned a malformed content block at content[0]: missing required property "type"',
        ),
      ],
      isError: true,
      error: { name: 'InvalidContentError', code: 'INVALID_CONTENT' },
    })
  })

  it('calls execute as a method of the definition with the frozen args and the execution', async () => {
    const registry = createToolRegistry()
    const definition = {
      ...tool('read'),
      label: 'bound',
      async execute(this: { label: string }, args: unknown, exec: ToolExecution) {
        return [text(`${this.label} ${JSON.stringify(args)} ${exec.name}`)]
      },
    }
    registry.register(definition)
    expect((await registry.execute(callInput('read', { a: 1 }))).content).toEqual([
      text('bound {"a":1} read'),
    ])
  })

  it('lets only exec.signal change during dispatch', async () => {
    const registry = createToolRegistry()
    const replacement = new AbortController().signal
    let inTool: AbortSignal | undefined
    registry.register(
      tool('read', (_args, exec) => {
        inTool = exec.signal
        return []
      }),
    )
    const refused: unknown[] = []
    registry.on('tools/execute', async (exec, next) => {
      for (const field of ['name', 'callId', 'arguments', 'agent', 'token'] as const) {
        try {
          ;(exec as unknown as Record<string, unknown>)[field] = 'changed'
        } catch (error) {
          refused.push(field)
          expect(error).toBeInstanceOf(TypeError)
        }
      }
      exec.signal = replacement
      return next()
    })
    await registry.execute(callInput('read'))
    expect(refused).toEqual(['name', 'callId', 'arguments', 'agent', 'token'])
    expect(inTool).toBe(replacement)
  })

  it('turns a malformed wrapper result into an error result', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    registry.on('tools/execute', () => ({ content: 'nope' }) as never)
    expect((await registry.execute(callInput('read'))).error).toEqual({
      name: 'ToolPipelineError',
      code: 'INVALID_DECISION',
    })
  })
})

describe('step 9: tools/post-execute', () => {
  it('accepts by default; accept may replace content and add context', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read', () => ({ content: [text('raw')], meta: { m: 1 } })))
    const context: HookContext = {
      content: [text('remember the file is generated')],
      source: { kind: 'plugin', plugin: 'lint' },
    }
    registry.on('tools/post-execute', () => ({
      kind: 'accept',
      content: [text('redacted')],
      additionalContext: context,
    }))
    expect(await registry.execute(callInput('read'))).toEqual({
      content: [text('redacted')],
      isError: false,
      meta: { m: 1 },
      additionalContext: context,
    })
  })

  it('block turns the result into an error result with the feedback', async () => {
    const registry = createToolRegistry()
    registry.register(
      tool('write', () => ({ content: [text('wrote secrets.env')], meta: { path: 'x' } })),
    )
    registry.on('tools/post-execute', () => ({
      kind: 'block',
      feedback: [text('do not write .env files; use the vault tool')],
    }))
    expect(await registry.execute(callInput('write'))).toEqual({
      content: [text('do not write .env files; use the vault tool')],
      isError: true,
      error: { name: 'ToolBlockedError', code: 'POST_BLOCKED' },
    })
  })

  it('never turns an error into a success: accept keeps isError true', async () => {
    const registry = createToolRegistry()
    registry.register(
      tool('fail', () => {
        throw new Error('broke')
      }),
    )
    registry.on('tools/post-execute', () => ({
      kind: 'accept',
      content: [text('all good, honestly')],
    }))
    const result = await registry.execute(callInput('fail'))
    expect(result).toEqual({
      content: [text('all good, honestly')],
      isError: true,
      error: { name: 'ToolFailedError', code: 'TOOL_FAILED' },
    })
  })

  it('hands listeners a frozen result, so isError cannot be flipped by mutation', async () => {
    const registry = createToolRegistry()
    registry.register(
      tool('fail', () => {
        throw new Error('broke')
      }),
    )
    registry.on('tools/post-execute', async (_exec, result, next) => {
      expect(Object.isFrozen(result)).toBe(true)
      expect(() => {
        ;(result as { isError: boolean }).isError = false
      }).toThrow(TypeError)
      return next()
    })
    expect(await registry.execute(callInput('fail'))).toEqual({
      content: [text('Error: broke')],
      isError: true,
      error: { name: 'ToolFailedError', code: 'TOOL_FAILED' },
    })
  })

  it('runs as a waterfall: an outer listener sees the inner decision and may replace it', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    registry.on('tools/post-execute', async (_exec, _result, next) => {
      const inner = await next()
      return inner.kind === 'block' ? { kind: 'accept' } : inner
    })
    registry.on('tools/post-execute', () => ({ kind: 'block', feedback: [text('inner blocks')] }))
    expect(await registry.execute(callInput('read'))).toEqual({
      content: [text('read ran')],
      isError: false,
    })
  })

  it('turns a throw or a malformed decision into an error result', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    const off = registry.on('tools/post-execute', () => {
      throw new Error('post failed')
    })
    expect((await registry.execute(callInput('read'))).content).toEqual([
      text('Error: post failed'),
    ])
    off()
    registry.on('tools/post-execute', () => ({ kind: 'block' }) as never)
    expect((await registry.execute(callInput('read'))).error?.code).toBe('INVALID_DECISION')
  })
})

describe('step 10: thrown values become error results', () => {
  class QuotaError extends HarnessError {
    constructor() {
      super('quota exhausted', 'QUOTA')
    }
  }
  const failed = { name: 'ToolFailedError', code: 'TOOL_FAILED' }
  const unprintable = Object.create(null) as object
  const { proxy: revoked, revoke } = Proxy.revocable({}, {})
  revoke()

  it.each([
    ['an Error', new Error('disk full'), 'Error: disk full', failed],
    [
      'a HarnessError',
      new QuotaError(),
      'Error: quota exhausted',
      { name: 'QuotaError', code: 'QUOTA' },
    ],
    ['a string', 'plain string', 'Error: plain string', failed],
    ['an object with a message', { message: 'from an object' }, 'Error: from an object', failed],
    ['a number', 42, 'Error: 42', failed],
    ['undefined', undefined, 'Error: undefined', failed],
    ['an unprintable object', unprintable, 'Error: <unprintable thrown value>', failed],
    ['a revoked Proxy', revoked, 'Error: <unprintable thrown value>', failed],
  ])('from a tool, %s', async (_label, thrown: unknown, message, error) => {
    const registry = createToolRegistry()
    registry.register(
      tool('fail', () => {
        throw thrown
      }),
    )
    const result = await registry.execute(callInput('fail'))
    expect(result).toEqual({ content: [text(message)], isError: true, error })
  })

  it.each([
    [
      'a pre-execute listener',
      (registry: ReturnType<typeof createToolRegistry>) =>
        registry.on('tools/pre-execute', () => {
          throw new Error('pre broke')
        }),
    ],
    [
      'a guard',
      (registry: ReturnType<typeof createToolRegistry>) =>
        registry.guard(() => {
          throw new Error('guard broke')
        }),
    ],
    [
      'a wrapper',
      (registry: ReturnType<typeof createToolRegistry>) =>
        registry.on('tools/execute', () => Promise.reject(new Error('wrapper broke'))),
    ],
  ])(
    'from %s: an error result, the tool does not run, the turn goes on',
    async (_label, install) => {
      const registry = createToolRegistry()
      const body = vi.fn(() => [])
      registry.register(tool('read', body))
      install(registry)
      const result = await registry.execute(callInput('read'))
      expect(result.isError).toBe(true)
      expect((result.content[0] as { text: string }).text).toMatch(
        /^Error: (pre|guard|wrapper) broke$/,
      )
      expect(body).not.toHaveBeenCalled()
      expect((await registry.execute(callInput('read'))).isError).toBe(true)
    },
  )
})

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
