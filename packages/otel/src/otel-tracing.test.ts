import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'
import type { Attributes } from '@opentelemetry/api'
import { SamplingDecision } from '@opentelemetry/sdk-trace'
import { asCallId } from '@toolpipe/core'
import { createToolRegistry } from '@toolpipe/tools'
import { afterEach, describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import {
  packageJson,
  recordingTracing,
  text,
  tool,
  useAsyncHooksContext,
} from './__fixtures__/otel.js'
import { otelTracing } from './otel-tracing.js'

useAsyncHooksContext()

const alice = { id: 'alice' }

/** `otelTracing`: the span of a call, where it sits in the trace, and the tracer it comes from. */

describe('the execute_tool span', () => {
  it('one INTERNAL span per call, named and attributed by the GenAI conventions, status unset on success', async () => {
    const tracing = recordingTracing()
    const registry = createToolRegistry()
    registry.use(otelTracing({ tracer: tracing.tracer }))
    registry.register(tool('read_file'))
    const input = callInput('read_file', { path: 'a.txt' })
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
      await registry.execute(callInput('read_file'))
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
    await registry.execute(callInput('read_file'))
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
    const pending = registry.execute(callInput('slow'))
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
    await registry.execute(callInput('search'))
    await registry.scope(alice).execute(callInput('search'))
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
    await registry.execute(callInput('read_fiel'))
    await registry.execute(callInput('rm -rf /'))
    await registry.execute(callInput(invented))
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
    await registry.execute(callInput('read_file'))
    const span = tracing.span('execute_tool read_file')
    expect(span.instrumentationScope.name).toBe('toolpipe')
    // The package's version, written into the build (SPEC §22).
    expect(span.instrumentationScope.version).toBe(packageJson.version)
    expect(span.instrumentationScope.version).toMatch(/^\d+\.\d+\.\d+/)
  })

  it('gives every attribute to the first span recorded after no-op ones, once a provider is registered', async () => {
    const registry = createToolRegistry()
    registry.use(otelTracing())
    registry.register(tool('read_file'))
    // Spans of the API's no-op tracer start without attributes: nothing records or samples them.
    await registry.execute(callInput('read_file'))
    await registry.execute(callInput('read_file'))
    const sampled: Attributes[] = []
    const tracing = recordingTracing({
      sampler: {
        shouldSample: (_context, _traceId, _name, _kind, attributes) => {
          sampled.push(attributes)
          return { decision: SamplingDecision.RECORD_AND_SAMPLED }
        },
      },
    })
    trace.setGlobalTracerProvider(tracing.provider)
    const inputs = [
      callInput('read_file', { path: 'a.txt' }),
      callInput('read_file', { path: 'b.txt' }),
    ]
    for (const input of inputs) await registry.execute(input)
    const expected = inputs.map((input) => ({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'read_file',
      'gen_ai.tool.call.id': input.callId,
      'gen_ai.tool.type': 'function',
      'gen_ai.tool.description': 'the read_file tool',
    }))
    expect(tracing.spans().map((span) => span.attributes)).toEqual(expected)
    expect(tracing.spans().map((span) => span.name)).toEqual([
      'execute_tool read_file',
      'execute_tool read_file',
    ])
    // Given at creation, where samplers read them: the first span after the registration too.
    expect(sampled[1]).toEqual(expected[1])
    expect(sampled).toEqual(expected)
  })

  it('records nothing, and changes nothing, while no provider is registered', async () => {
    const registry = createToolRegistry()
    registry.use(otelTracing({ recordArguments: true, recordResults: true }))
    registry.register(tool('read_file'))
    await expect(registry.execute(callInput('read_file'))).resolves.toEqual({
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
    const result = await registry.execute(callInput('read_file', {}, { callId: asCallId('c-1') }))
    expect(result).toEqual({ content: [text('read_file ran')], isError: false })
    expect(warnings).toHaveLength(1)
    expect(warnings[0]![0]).toBe(
      'toolpipe: a tools/start observer failed for call "c-1" of tool "read_file"',
    )
  })
})
