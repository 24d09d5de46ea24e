import { trace } from '@opentelemetry/api'
import { createToolRegistry } from '@toolpipe/tools'
import type { ApprovalOutcome, ToolExecutionInput } from '@toolpipe/tools'
import { afterEach, describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import {
  countingRegistrations,
  recordingMetrics,
  recordingTracing,
  text,
  tool,
  useAsyncHooksContext,
} from './__fixtures__/otel.js'
import { otelTracing } from './otel-tracing.js'

useAsyncHooksContext()

describe('no span leaks', () => {
  it('10,000 calls of every outcome, up to 50 at a time: every span started is ended, one per call', async () => {
    const tracing = recordingTracing()
    const registry = createToolRegistry({
      approval: {
        request: async ({ callId }) =>
          (Number(callId.slice(5)) % 2 === 0
            ? { kind: 'allowed-once' }
            : { kind: 'rejected' }) satisfies ApprovalOutcome,
      },
      logger: { warn: () => undefined },
    })
    registry.use(
      otelTracing({ tracer: tracing.tracer, recordArguments: true, recordResults: true }),
    )
    registry.register(tool('ok'))
    registry.register(
      tool('slow', async () => {
        await new Promise((resolve) => setTimeout(resolve, 0))
        return [text('slow')]
      }),
    )
    registry.register(
      tool('fails', () => {
        throw new Error('boom')
      }),
    )
    registry.register(tool('asked'))
    registry.on('tools/pre-execute', (exec, next) =>
      exec.name === 'asked' ? { kind: 'ask' } : next(),
    )
    const agent = { id: 'load' }
    const inputs: (ToolExecutionInput | null)[] = []
    for (let index = 0; index < 10_000; index++) {
      const name = ['ok', 'slow', 'fails', 'asked', 'nope'][index % 5]!
      inputs.push(index % 997 === 0 ? null : callInput(name, { index }, { agent }))
    }
    for (let from = 0; from < inputs.length; from += 50) {
      await Promise.all(
        inputs.slice(from, from + 50).map((input) => registry.execute(input as never)),
      )
    }
    expect(tracing.counter.started).toBe(10_000)
    expect(tracing.counter.ended).toBe(10_000)
    expect(tracing.spans()).toHaveLength(10_000)
    expect(tracing.spans().every((span) => span.ended)).toBe(true)
  })
})

describe('the tools/execute wrapper', () => {
  afterEach(() => {
    trace.disable()
  })

  it('is put in by the first span with a context to switch to, which then runs its body in it', async () => {
    const base = createToolRegistry()
    let active: string | undefined
    base.register({
      ...tool('read_file'),
      execute: () => {
        active = (trace.getActiveSpan() as { name?: string } | undefined)?.name
        return [text('read')]
      },
    })
    const { registry, live } = countingRegistrations(base)
    otelTracing()(registry)
    // The API's no-op tracer: no span has a context of its own, no call pays for a wrapper.
    for (let index = 0; index < 3; index++) await base.execute(callInput('read_file'))
    expect(live()).toBe(5)
    expect(active).toBeUndefined()
    const tracing = recordingTracing()
    trace.setGlobalTracerProvider(tracing.provider)
    await base.execute(callInput('read_file'))
    expect(live()).toBe(6)
    expect(active).toBe('execute_tool read_file')
    expect(tracing.spans().map((span) => span.name)).toEqual(['execute_tool read_file'])
  })
})

describe('the disposer', () => {
  it('removes every listener the plugin added, and later calls get no span', async () => {
    const tracing = recordingTracing()
    const metrics = recordingMetrics()
    const base = createToolRegistry()
    base.register(tool('read_file'))
    const { registry, live } = countingRegistrations(base)
    const dispose = otelTracing({ tracer: tracing.tracer, meter: metrics.meter })(registry)
    // tools/start, tools/approval, tools/progress, tools/decision and tools/result; the
    // tools/execute wrapper comes with the first span that has a context to switch to.
    expect(live()).toBe(5)
    await base.execute(callInput('read_file'))
    expect(tracing.spans()).toHaveLength(1)
    expect(live()).toBe(6)
    dispose()
    expect(live()).toBe(0)
    await base.execute(callInput('read_file'))
    await base.execute(callInput('nope'))
    expect(tracing.spans()).toHaveLength(1)
    expect(tracing.counter.started).toBe(1)
    const histogram = (await metrics.histograms()).get('gen_ai.execute_tool.duration')
    expect(histogram?.dataPoints.map((point) => point.value.count)).toEqual([1])
  })

  it('a call already running still ends its span, with its real outcome; then the last listener goes', async () => {
    const tracing = recordingTracing()
    let answer: (outcome: ApprovalOutcome) => void = () => undefined
    let markAsked: () => void = () => undefined
    const asked = new Promise<void>((resolve) => {
      markAsked = resolve
    })
    const base = createToolRegistry({
      approval: {
        request: () =>
          new Promise((resolve) => {
            answer = resolve
            markAsked()
          }),
      },
    })
    base.register(tool('shell'))
    base.on('tools/pre-execute', () => ({ kind: 'ask' }))
    const { registry, live } = countingRegistrations(base)
    const dispose = otelTracing({ tracer: tracing.tracer })(registry)
    const pending = base.execute(callInput('shell', {}, { agent: { id: 'alice' } }))
    await asked
    dispose()
    // Only the observer that ends running spans is left.
    expect(live()).toBe(1)
    answer({ kind: 'rejected', reason: 'too late' })
    await pending
    expect(live()).toBe(0)
    const span = tracing.span('execute_tool shell')
    expect(span.attributes['error.type']).toBe('APPROVAL_REJECTED')
    expect(tracing.counter.started).toBe(tracing.counter.ended)
    // The plugin's approval and decision observers were gone: the answer came after disposal.
    // Only the ask, decided before it, is on the span.
    expect(span.events.map((event) => [event.name, event.attributes])).toEqual([
      [
        'toolpipe.decision',
        {
          'toolpipe.decision.stage': 'policy',
          'toolpipe.decision.outcome': 'ask',
          'toolpipe.decision.source.kind': 'pre-execute',
        },
      ],
    ])
  })

  it('through registry.use: the disposer it returns runs once, and a second install traces again', async () => {
    const tracing = recordingTracing()
    const registry = createToolRegistry()
    registry.register(tool('read_file'))
    const plugin = otelTracing({ tracer: tracing.tracer })
    const dispose = registry.use(plugin)
    dispose()
    dispose()
    await registry.execute(callInput('read_file'))
    expect(tracing.spans()).toHaveLength(0)
    const again = registry.use(plugin)
    await registry.execute(callInput('read_file'))
    expect(tracing.spans()).toHaveLength(1)
    again()
  })

  it('a tracer whose spans throw on end cannot strand the plugin’s listeners after disposal', async () => {
    const tracing = recordingTracing()
    const base = createToolRegistry({ logger: { warn: () => undefined } })
    let release: () => void = () => undefined
    base.register(
      tool(
        'wait',
        () =>
          new Promise((resolve) => {
            release = () => {
              resolve([text('done')])
            }
          }),
      ),
    )
    const throwingTracer = {
      ...tracing.tracer,
      startSpan: (...args: Parameters<typeof tracing.tracer.startSpan>) => {
        const span = tracing.tracer.startSpan(...args)
        return Object.assign(Object.create(span) as typeof span, {
          end() {
            span.end()
            throw new Error('exporter exploded')
          },
        })
      },
    }
    const { registry, live } = countingRegistrations(base)
    const dispose = otelTracing({ tracer: throwingTracer })(registry)
    const pending = base.execute(callInput('wait'))
    await new Promise((resolve) => setTimeout(resolve, 0))
    dispose()
    release()
    await expect(pending).resolves.toMatchObject({ isError: false })
    expect(live()).toBe(0)
  })
})
