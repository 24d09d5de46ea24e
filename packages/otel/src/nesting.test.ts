import { context, trace, TraceFlags } from '@opentelemetry/api'
import { AlwaysOffSampler, TracerProvider } from '@opentelemetry/sdk-trace'
import { timeoutPolicy } from '@toolpipe/timeout-policy'
import { createToolRegistry } from '@toolpipe/tools'
import type { ToolRegistry } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { recordingTracing, text, tool, useAsyncHooksContext } from './__fixtures__/otel.js'
import { otelTracing } from './otel-tracing.js'

useAsyncHooksContext()

function idOf(span: { spanContext(): { spanId: string } }): string {
  return span.spanContext().spanId
}

describe('the tool body runs with the span active', () => {
  it('spans the body starts, before and after it awaits, are children of the execute_tool span', async () => {
    const tracing = recordingTracing()
    const registry = createToolRegistry()
    registry.use(otelTracing({ tracer: tracing.tracer }))
    registry.register(
      tool('fetch_page', async () => {
        tracing.tracer.startSpan('before await').end()
        await new Promise((resolve) => setTimeout(resolve, 1))
        await tracing.tracer.startActiveSpan('http GET', async (http) => {
          await Promise.resolve()
          tracing.tracer.startSpan('dns').end()
          http.end()
        })
        return [text('<html>')]
      }),
    )
    await registry.execute(callInput('fetch_page'))
    const toolSpan = tracing.span('execute_tool fetch_page')
    expect(tracing.span('before await').parentSpanContext?.spanId).toBe(idOf(toolSpan))
    expect(tracing.span('http GET').parentSpanContext?.spanId).toBe(idOf(toolSpan))
    expect(tracing.span('dns').parentSpanContext?.spanId).toBe(idOf(tracing.span('http GET')))
  })

  it('wrappers registered before the plugin run inside the span too (its wrapper is outermost)', async () => {
    const tracing = recordingTracing()
    const registry = createToolRegistry()
    let activeInWrapper: string | undefined
    registry.on('tools/execute', (_exec, next) => {
      activeInWrapper = trace.getActiveSpan()?.spanContext().spanId
      return next()
    })
    registry.use(timeoutPolicy())
    registry.use(otelTracing({ tracer: tracing.tracer }))
    let activeInBody: string | undefined
    registry.register(
      tool(
        'read_file',
        () => {
          activeInBody = trace.getActiveSpan()?.spanContext().spanId
          return [text('ok')]
        },
        { timeoutMs: 1_000 },
      ),
    )
    await registry.execute(callInput('read_file'))
    const toolSpan = tracing.span('execute_tool read_file')
    expect(activeInWrapper).toBe(idOf(toolSpan))
    expect(activeInBody).toBe(idOf(toolSpan))
  })

  it('a call made from inside a tool body is a child span of that tool’s span', async () => {
    const tracing = recordingTracing()
    const registry: ToolRegistry = createToolRegistry()
    registry.use(otelTracing({ tracer: tracing.tracer }))
    registry.register(tool('read_file'))
    registry.register(
      tool('batch', async () => {
        const inner = await registry.execute(callInput('read_file'))
        return inner.content
      }),
    )
    await tracing.tracer.startActiveSpan('turn', async (turn) => {
      await registry.execute(callInput('batch'))
      turn.end()
    })
    const turn = tracing.span('turn')
    const batch = tracing.span('execute_tool batch')
    const read = tracing.span('execute_tool read_file')
    expect(batch.parentSpanContext?.spanId).toBe(idOf(turn))
    expect(read.parentSpanContext?.spanId).toBe(idOf(batch))
    expect(new Set(tracing.spans().map((span) => span.spanContext().traceId)).size).toBe(1)
  })

  it('concurrent calls from different parents keep their own parents and children', async () => {
    const tracing = recordingTracing()
    const registry = createToolRegistry()
    registry.use(otelTracing({ tracer: tracing.tracer }))
    registry.register(
      tool('work', async () => {
        await new Promise((resolve) => setTimeout(resolve, 2))
        tracing.tracer.startSpan('inner').end()
        return [text('done')]
      }),
    )
    const turn = (name: string) =>
      tracing.tracer.startActiveSpan(name, async (span) => {
        await registry.execute(callInput('work', { turn: name }))
        span.end()
      })
    await Promise.all([turn('turn A'), turn('turn B'), turn('turn C')])
    const toolSpans = tracing.spans().filter((span) => span.name === 'execute_tool work')
    const inner = tracing.spans().filter((span) => span.name === 'inner')
    expect(toolSpans).toHaveLength(3)
    for (const name of ['turn A', 'turn B', 'turn C']) {
      const parent = tracing.span(name)
      const child = toolSpans.find((span) => span.parentSpanContext?.spanId === idOf(parent))
      expect(child).toBeDefined()
      expect(inner.filter((span) => span.parentSpanContext?.spanId === idOf(child!))).toHaveLength(
        1,
      )
    }
  })

  it('outside the body, the caller’s context is unchanged: policy, approval and observers see the caller’s span', async () => {
    const tracing = recordingTracing()
    const seen: Record<string, string | undefined> = {}
    const active = () => trace.getActiveSpan()?.spanContext().spanId
    const registry = createToolRegistry({
      approval: {
        request: async () => {
          seen.approval = active()
          return { kind: 'allowed-once' }
        },
      },
    })
    registry.use(otelTracing({ tracer: tracing.tracer }))
    registry.register(tool('shell'))
    registry.on('tools/pre-execute', () => {
      seen.policy = active()
      return { kind: 'ask' }
    })
    registry.on('tools/result', () => {
      seen.observer = active()
    })
    await tracing.tracer.startActiveSpan('turn', async (turn) => {
      await registry.execute(callInput('shell', {}, { agent: { id: 'alice' } }))
      seen.afterwards = active()
      turn.end()
    })
    const turn = idOf(tracing.span('turn'))
    expect(seen).toEqual({ policy: turn, approval: turn, observer: turn, afterwards: turn })
  })

  it('a span the sampler dropped is still made active, so the body propagates it; the API’s no-op span needs no switch', async () => {
    const dropping = new TracerProvider({ sampler: new AlwaysOffSampler() }).getTracer('dropping')
    const parent = trace.wrapSpanContext({
      traceId: '0af7651916cd43dd8448eb211c80319c',
      spanId: 'b7ad6b7169203331',
      traceFlags: TraceFlags.SAMPLED,
    })
    const seen: { spanId: string | undefined; recording: boolean | undefined }[] = []
    const body = tool('read_file', () => {
      const active = trace.getActiveSpan()
      seen.push({ spanId: active?.spanContext().spanId, recording: active?.isRecording() })
      return [text('ok')]
    })
    const sampled = createToolRegistry()
    sampled.use(otelTracing({ tracer: dropping }))
    sampled.register(body)
    const noop = createToolRegistry()
    noop.use(otelTracing({ tracer: trace.getTracerProvider().getTracer('no sdk') }))
    noop.register(body)
    await context.with(trace.setSpan(context.active(), parent), async () => {
      await sampled.execute(callInput('read_file'))
      await noop.execute(callInput('read_file'))
    })
    // Dropped: a span id of its own, not recorded.
    expect(seen[0]!.recording).toBe(false)
    expect(seen[0]!.spanId).not.toBe('b7ad6b7169203331')
    // No SDK: the caller's span is still the active one.
    expect(seen[1]).toEqual({ spanId: 'b7ad6b7169203331', recording: false })
  })
})
