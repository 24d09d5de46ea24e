import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'
import { asCallId } from '@toolpipe/core'
import { timeoutPolicy } from '@toolpipe/timeout-policy'
import { createToolRegistry, ToolDeniedError } from '@toolpipe/tools'
import type { ApprovalService, ToolRegistry } from '@toolpipe/tools'
import { afterEach, describe, expect, it } from 'vitest'
import {
  call,
  packageJson,
  recordingTracing,
  text,
  tool,
  useAsyncHooksContext,
} from './__fixtures__/otel.js'
import { otelTracing } from './otel-tracing.js'
import { OtelTracingError } from './otel-tracing-error.js'

useAsyncHooksContext()

const alice = { id: 'alice' }

describe('the execute_tool span', () => {
  it('one INTERNAL span per call, named and attributed by the GenAI conventions, status unset on success', async () => {
    const tracing = recordingTracing()
    const registry = createToolRegistry()
    registry.use(otelTracing({ tracer: tracing.tracer }))
    registry.register(tool('read_file'))
    const input = call('read_file', { path: 'a.txt' })
    const result = await registry.execute(input)
    expect(result.isError).toBe(false)
    expect(tracing.spans()).toHaveLength(1)
    const span = tracing.span('execute_tool read_file')
    expect(span.kind).toBe(SpanKind.INTERNAL)
    expect(span.attributes).toEqual({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'read_file',
      'gen_ai.tool.call.id': input.callId,
      'gen_ai.tool.type': 'function',
      'gen_ai.tool.description': 'the read_file tool',
    })
    expect(span.status).toEqual({ code: SpanStatusCode.UNSET })
    expect(span.events).toEqual([])
    expect(span.ended).toBe(true)
  })

  it('is a child of the span active when execute() was called', async () => {
    const tracing = recordingTracing()
    const registry = createToolRegistry()
    registry.use(otelTracing({ tracer: tracing.tracer }))
    registry.register(tool('read_file'))
    await tracing.tracer.startActiveSpan('agent turn', async (turn) => {
      await registry.execute(call('read_file'))
      turn.end()
    })
    const turn = tracing.span('agent turn')
    const span = tracing.span('execute_tool read_file')
    expect(span.parentSpanContext?.spanId).toBe(turn.spanContext().spanId)
    expect(span.spanContext().traceId).toBe(turn.spanContext().traceId)
  })

  it('is a root span when no span is active', async () => {
    const tracing = recordingTracing()
    const registry = createToolRegistry()
    registry.use(otelTracing({ tracer: tracing.tracer }))
    registry.register(tool('read_file'))
    await registry.execute(call('read_file'))
    expect(tracing.span('execute_tool read_file').parentSpanContext).toBeUndefined()
  })

  it('covers the whole call: it starts before execute() returns and ends after the tool ran', async () => {
    const tracing = recordingTracing()
    const registry = createToolRegistry()
    registry.use(otelTracing({ tracer: tracing.tracer }))
    let endedWhileRunning: boolean | undefined
    registry.register(
      tool('slow', async () => {
        await new Promise((resolve) => setTimeout(resolve, 5))
        endedWhileRunning = tracing.spans().length > 0
        return [text('done')]
      }),
    )
    const pending = registry.execute(call('slow'))
    // The span exists (started, not ended) before the caller awaited anything.
    expect(tracing.counter.started).toBe(1)
    expect(tracing.counter.ended).toBe(0)
    await pending
    expect(endedWhileRunning).toBe(false)
    expect(tracing.counter.ended).toBe(1)
  })

  it('describes the tool the call’s scope sees: a scope-local tool shadows the global one', async () => {
    const tracing = recordingTracing()
    const registry = createToolRegistry()
    registry.use(otelTracing({ tracer: tracing.tracer }))
    registry.register(tool('search'))
    registry.register(tool('search', undefined, { description: 'alice’s own search' }), {
      scope: alice,
    })
    await registry.execute(call('search'))
    await registry.scope(alice).execute(call('search'))
    expect(tracing.spans().map((span) => span.attributes['gen_ai.tool.description'])).toEqual([
      'the search tool',
      'alice’s own search',
    ])
  })

  it('names an unknown tool in the span name only when it could be a tool name', async () => {
    const tracing = recordingTracing()
    const registry = createToolRegistry()
    registry.use(otelTracing({ tracer: tracing.tracer }))
    const invented = 'x'.repeat(65)
    await registry.execute(call('read_fiel'))
    await registry.execute(call('rm -rf /'))
    await registry.execute(call(invented))
    expect(tracing.spans().map((span) => span.name)).toEqual([
      'execute_tool read_fiel',
      'execute_tool',
      'execute_tool',
    ])
    expect(tracing.spans().map((span) => span.attributes['gen_ai.tool.name'])).toEqual([
      'read_fiel',
      'rm -rf /',
      invented,
    ])
    for (const span of tracing.spans()) {
      expect(span.attributes['gen_ai.tool.description']).toBeUndefined()
      expect(span.attributes['error.type']).toBe('UNKNOWN_TOOL')
    }
  })

  it('leaves out the name and call id of an input that could not be read', async () => {
    const tracing = recordingTracing()
    const registry = createToolRegistry()
    registry.use(otelTracing({ tracer: tracing.tracer }))
    await registry.execute(null as never)
    const span = tracing.span('execute_tool')
    expect(span.attributes).toEqual({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.type': 'function',
      'error.type': 'INVALID_INPUT',
    })
  })
})

describe('status and error.type: every outcome the pipeline codes', () => {
  /**
   * A registry whose tools each end one way. `approval` answers by the tool's name; `policy`
   * decides by it.
   */
  function pipelineOf(tracer: ReturnType<typeof recordingTracing>['tracer']): ToolRegistry {
    const approval: ApprovalService = {
      request: async ({ toolName }) => {
        switch (toolName) {
          case 'approve_rejected':
            return { kind: 'rejected', reason: 'no' }
          case 'approve_cancelled':
            return { kind: 'cancelled' }
          case 'approve_unavailable':
            return { kind: 'unavailable' }
          case 'approve_invalid':
            return { kind: 'allowed-forever' } as never
          case 'approve_throws':
            throw new Error('approval UI crashed')
          default:
            return { kind: 'allowed-once' }
        }
      },
    }
    const registry = createToolRegistry({ approval, logger: { warn: () => undefined } })
    registry.use(timeoutPolicy({ graceMs: 1 }))
    registry.use(otelTracing({ tracer }))
    for (const name of [
      'ok',
      'policy_denied',
      'policy_throws',
      'guard_denied',
      'post_blocked',
      'approve_rejected',
      'approve_cancelled',
      'approve_unavailable',
      'approve_invalid',
      'approve_throws',
      'approve_no_agent',
    ]) {
      registry.register(tool(name))
    }
    registry.register(
      tool('strict', undefined, {
        checkArgs: (args) =>
          typeof args === 'object' && args !== null && 'path' in args
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
    registry.register(
      tool('fails', () => {
        throw new Error('disk on fire')
      }),
    )
    registry.register(
      tool('denies_itself', () => {
        throw new ToolDeniedError('quota reached', 'POLICY_DENIED')
      }),
    )
    registry.register(tool('hangs', () => new Promise(() => undefined), { timeoutMs: 5 }))
    registry.on('tools/pre-execute', (exec, next) => {
      if (exec.name === 'policy_denied') return { kind: 'deny', reason: 'not today' }
      if (exec.name === 'policy_throws') throw new Error('policy crashed')
      if (exec.name.startsWith('approve_')) return { kind: 'ask' }
      return next()
    })
    registry.guard((exec) => (exec.name === 'guard_denied' ? 'stay in the project' : undefined))
    registry.on('tools/post-execute', (exec, _result, next) =>
      exec.name === 'post_blocked' ? { kind: 'block', feedback: [text('rejected')] } : next(),
    )
    return registry
  }

  it.each([
    ['ok', call('ok', {}, { agent: alice }), undefined],
    ['unreadable input', { callId: 42 }, 'INVALID_INPUT'],
    ['arguments that are not JSON', call('ok', { at: new Date() }), 'NOT_JSON'],
    ['an unknown tool', call('nope'), 'UNKNOWN_TOOL'],
    ['invalid arguments', call('strict', {}), 'INVALID_ARGS'],
    ['a policy denial', call('policy_denied'), 'POLICY_DENIED'],
    ['a guard denial', call('guard_denied'), 'GUARD_DENIED'],
    ['a rejection', call('approve_rejected', {}, { agent: alice }), 'APPROVAL_REJECTED'],
    ['a cancelled approval', call('approve_cancelled', {}, { agent: alice }), 'APPROVAL_CANCELLED'],
    [
      'an unavailable approval',
      call('approve_unavailable', {}, { agent: alice }),
      'APPROVAL_UNAVAILABLE',
    ],
    ['an ask without an agent', call('approve_no_agent'), 'APPROVAL_UNAVAILABLE'],
    [
      'an answer that is no outcome',
      call('approve_invalid', {}, { agent: alice }),
      'INVALID_APPROVAL',
    ],
    [
      'a throwing approval service',
      call('approve_throws', {}, { agent: alice }),
      'LISTENER_FAILED',
    ],
    ['a throwing policy', call('policy_throws'), 'LISTENER_FAILED'],
    ['a post-execute block', call('post_blocked'), 'POST_BLOCKED'],
    ['a throwing tool', call('fails'), 'TOOL_FAILED'],
    ['a tool that throws a HarnessError', call('denies_itself'), 'POLICY_DENIED'],
    ['a timeout', call('hangs'), 'TOOL_TIMEOUT'],
  ] as const)('%s: exactly one span, with its code', async (_label, input, code) => {
    const tracing = recordingTracing()
    const registry = pipelineOf(tracing.tracer)
    const result = await tracing.tracer.startActiveSpan('turn', async (turn) => {
      const settled = await registry.execute(input as never)
      turn.end()
      return settled
    })
    expect(result.error?.code).toBe(code)
    const turn = tracing.span('turn')
    const spans = tracing.spans().filter((span) => span !== turn)
    expect(spans).toHaveLength(1)
    const [span] = spans as [(typeof spans)[number]]
    // Even a call that ended before any policy was asked is a child of the caller's span.
    expect(span.parentSpanContext?.spanId).toBe(turn.spanContext().spanId)
    expect(span.attributes['error.type']).toBe(code)
    expect(span.status).toEqual(
      code === undefined ? { code: SpanStatusCode.UNSET } : { code: SpanStatusCode.ERROR },
    )
    expect(tracing.counter.started).toBe(tracing.counter.ended)
  })
})

describe('arguments and results: only when opted in, as JSON text', () => {
  function tracedRegistry(options: { recordArguments?: boolean; recordResults?: boolean }) {
    const tracing = recordingTracing()
    const registry = createToolRegistry()
    registry.use(otelTracing({ tracer: tracing.tracer, ...options }))
    registry.register(tool('read_file', () => [text('line 1'), text('line 2')]))
    registry.register(
      tool('fails', () => {
        throw new Error('no such file: secrets.env')
      }),
    )
    return { tracing, registry }
  }

  const args = { path: 'src/index.ts', offset: 120, limit: null, tags: ['a', 'é'] }

  it('records neither by default', async () => {
    const { tracing, registry } = tracedRegistry({})
    await registry.execute(call('read_file', args))
    await registry.execute(call('fails', args))
    for (const span of tracing.spans()) {
      expect(span.attributes).not.toHaveProperty('gen_ai.tool.call.arguments')
      expect(span.attributes).not.toHaveProperty('gen_ai.tool.call.result')
    }
    expect(tracing.span('execute_tool fails').status).toEqual({ code: SpanStatusCode.ERROR })
  })

  it('recordArguments: the snapshotted arguments, as JSON text, on every call that has them', async () => {
    const { tracing, registry } = tracedRegistry({ recordArguments: true })
    await registry.execute(call('read_file', args))
    await registry.execute(call('nope', { q: 1 }))
    await registry.execute(call('read_file', { bad: Number.NaN }))
    const [read, unknown, notJson] = tracing.spans()
    expect(read!.attributes['gen_ai.tool.call.arguments']).toBe(JSON.stringify(args))
    expect(JSON.parse(String(read!.attributes['gen_ai.tool.call.arguments']))).toEqual(args)
    expect(unknown!.attributes['gen_ai.tool.call.arguments']).toBe('{"q":1}')
    // Arguments that are not JSON were never snapshotted: there is nothing to record.
    expect(notJson!.attributes['error.type']).toBe('NOT_JSON')
    expect(notJson!.attributes).not.toHaveProperty('gen_ai.tool.call.arguments')
    expect(read!.attributes).not.toHaveProperty('gen_ai.tool.call.result')
  })

  it('recordResults: a success’s content as JSON text; an error’s message as the status description', async () => {
    const { tracing, registry } = tracedRegistry({ recordResults: true })
    await registry.execute(call('read_file', args))
    await registry.execute(call('fails', args))
    const read = tracing.span('execute_tool read_file')
    expect(read.attributes['gen_ai.tool.call.result']).toBe(
      JSON.stringify([text('line 1'), text('line 2')]),
    )
    expect(read.attributes).not.toHaveProperty('gen_ai.tool.call.arguments')
    const fails = tracing.span('execute_tool fails')
    // The conventions record a result "if execution was successful".
    expect(fails.attributes).not.toHaveProperty('gen_ai.tool.call.result')
    expect(fails.status).toEqual({
      code: SpanStatusCode.ERROR,
      message: 'Error: no such file: secrets.env',
    })
  })
})

describe('the tracer', () => {
  afterEach(() => {
    trace.disable()
  })

  it('defaults to the global provider’s toolpipe tracer, also when the provider is registered after installation', async () => {
    const registry = createToolRegistry()
    registry.use(otelTracing())
    registry.register(tool('read_file'))
    const tracing = recordingTracing()
    trace.setGlobalTracerProvider(tracing.provider)
    await registry.execute(call('read_file'))
    const span = tracing.span('execute_tool read_file')
    expect(span.instrumentationScope.name).toBe('toolpipe')
    // The package's version, written into the build (SPEC §22).
    expect(span.instrumentationScope.version).toBe(packageJson.version)
    expect(span.instrumentationScope.version).toMatch(/^\d+\.\d+\.\d+/)
  })

  it('records nothing, and changes nothing, while no provider is registered', async () => {
    const registry = createToolRegistry()
    registry.use(otelTracing({ recordArguments: true, recordResults: true }))
    registry.register(tool('read_file'))
    await expect(registry.execute(call('read_file'))).resolves.toEqual({
      content: [text('read_file ran')],
      isError: false,
    })
  })

  it('a tracer that throws cannot fail the call: the registry logs it', async () => {
    const warnings: unknown[][] = []
    const registry = createToolRegistry({ logger: { warn: (...args) => void warnings.push(args) } })
    const broken = {
      ...recordingTracing().tracer,
      startSpan() {
        throw new Error('exporter misconfigured')
      },
    }
    registry.use(otelTracing({ tracer: broken }))
    registry.register(tool('read_file'))
    const result = await registry.execute(call('read_file', {}, { callId: asCallId('c-1') }))
    expect(result).toEqual({ content: [text('read_file ran')], isError: false })
    expect(warnings).toHaveLength(1)
    expect(warnings[0]![0]).toBe(
      'toolpipe: a tools/start observer failed for call "c-1" of tool "read_file"',
    )
  })
})

describe('options', () => {
  it.each([
    ['not an object', 'yes', 'otelTracing: options must be an object, got "yes"'],
    [
      'a tracer without startSpan',
      { tracer: {} },
      'otelTracing: options.tracer must have a startSpan method, got an empty object',
    ],
    [
      'a meter without createHistogram',
      { meter: { createCounter() {} } },
      'otelTracing: options.meter must have a createHistogram method, got an object with keys ["createCounter"]',
    ],
    [
      'a flag that is not a boolean',
      { recordArguments: 'yes' },
      'otelTracing: options.recordArguments must be a boolean, got "yes"',
    ],
    [
      'a flag that is not a boolean',
      { recordResults: 1 },
      'otelTracing: options.recordResults must be a boolean, got 1',
    ],
  ])('refuses %s, synchronously, with INVALID_OPTIONS', (_label, options, message) => {
    let thrown: unknown
    try {
      otelTracing(options as never)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(OtelTracingError)
    expect(thrown).toMatchObject({ name: 'OtelTracingError', code: 'INVALID_OPTIONS', message })
  })

  it('reads each option once, and a throwing getter is an INVALID_OPTIONS error', () => {
    let reads = 0
    const options = {
      get recordArguments() {
        reads++
        return true
      },
    }
    otelTracing(options)
    expect(reads).toBe(1)
    expect(() =>
      otelTracing({
        get tracer(): never {
          throw new Error('no tracer for you')
        },
      }),
    ).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }) as Error)
  })
})
