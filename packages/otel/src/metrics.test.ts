import { metrics } from '@opentelemetry/api'
import { createToolRegistry } from '@toolpipe/tools'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import {
  milliseconds,
  packageJson,
  recordingMetrics,
  recordingTracing,
  text,
  tool,
  useAsyncHooksContext,
} from './__fixtures__/otel.js'
import { otelTracing } from './otel-tracing.js'

useAsyncHooksContext()

describe('the gen_ai.execute_tool.duration histogram', () => {
  afterEach(() => {
    vi.useRealTimers()
    metrics.disable()
  })

  it('is described in seconds, with buckets reaching past a 40-minute approval', async () => {
    const recorded = recordingMetrics()
    const registry = createToolRegistry()
    registry.use(otelTracing({ tracer: recordingTracing().tracer, meter: recorded.meter }))
    registry.register(tool('read_file'))
    await registry.execute(callInput('read_file'))
    const histogram = (await recorded.histograms()).get('gen_ai.execute_tool.duration')
    expect(histogram?.descriptor).toMatchObject({
      name: 'gen_ai.execute_tool.duration',
      unit: 's',
      description: 'The duration of a single tool execution.',
    })
    const boundaries = histogram!.dataPoints[0]!.value.buckets.boundaries
    expect(boundaries[0]).toBe(0.01)
    expect(boundaries.at(-1)).toBe(2621.44)
  })

  it('names the tool on the no-op tracer too, where spans are not looked up', async () => {
    const recorded = recordingMetrics()
    const registry = createToolRegistry()
    // No tracer provider: every span is the API's no-op, started without its tool's name.
    registry.use(otelTracing({ meter: recorded.meter }))
    registry.register(tool('read_file'))
    for (let index = 0; index < 3; index++) await registry.execute(callInput('read_file'))
    await registry.execute(callInput('invented_by_the_model'))
    const points = (await recorded.histograms()).get('gen_ai.execute_tool.duration')!.dataPoints
    expect(
      points.map((point) => [point.attributes['gen_ai.tool.name'], point.value.count]),
    ).toEqual([
      ['read_file', 3],
      [undefined, 1],
    ])
  })

  it('records one value per call, the span’s duration in seconds, by tool and outcome', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance', 'Date'] })
    const recorded = recordingMetrics()
    const tracing = recordingTracing()
    const registry = createToolRegistry()
    registry.use(otelTracing({ tracer: tracing.tracer, meter: recorded.meter }))
    registry.register(
      tool('slow', async () => {
        await new Promise((resolve) => setTimeout(resolve, 1_500))
        return [text('done')]
      }),
    )
    registry.register(
      tool('fails', () => {
        throw new Error('boom')
      }),
    )
    const slow = registry.execute(callInput('slow'))
    await vi.advanceTimersByTimeAsync(1_500)
    await slow
    await registry.execute(callInput('fails'))
    await registry.execute(callInput('fails'))
    await registry.execute(callInput('invented_by_the_model'))
    const points = (await recorded.histograms()).get('gen_ai.execute_tool.duration')!.dataPoints
    const summary = points.map((point) => ({
      attributes: point.attributes,
      count: point.value.count,
      sum: point.value.sum,
    }))
    const base = { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.type': 'function' }
    expect(summary).toEqual([
      { attributes: { ...base, 'gen_ai.tool.name': 'slow' }, count: 1, sum: 1.5 },
      {
        attributes: { ...base, 'gen_ai.tool.name': 'fails', 'error.type': 'TOOL_FAILED' },
        count: 2,
        sum: 0,
      },
      // An unknown tool's name is the model's invention: no time series per name.
      { attributes: { ...base, 'error.type': 'UNKNOWN_TOOL' }, count: 1, sum: 0 },
    ])
    expect(milliseconds(tracing.span('execute_tool slow').duration)).toBe(1_500)
  })

  it('defaults to the global meter provider’s toolpipe meter', async () => {
    const recorded = recordingMetrics()
    metrics.setGlobalMeterProvider(recorded.provider)
    const registry = createToolRegistry()
    registry.use(otelTracing({ tracer: recordingTracing().tracer }))
    registry.register(tool('read_file'))
    await registry.execute(callInput('read_file'))
    const histogram = (await recorded.histograms()).get('gen_ai.execute_tool.duration')
    expect(histogram?.dataPoints.map((point) => point.value.count)).toEqual([1])
    expect(await recorded.scopes()).toEqual([{ name: 'toolpipe', version: packageJson.version }])
  })
})

describe('the default meter', () => {
  afterEach(() => {
    metrics.disable()
  })

  it('is looked up at installation: a meter provider registered later is not seen (the API has no proxy)', async () => {
    const registry = createToolRegistry()
    registry.use(otelTracing({ tracer: recordingTracing().tracer }))
    const recorded = recordingMetrics()
    metrics.setGlobalMeterProvider(recorded.provider)
    registry.register(tool('read_file'))
    await registry.execute(callInput('read_file'))
    expect(await recorded.histograms()).toEqual(new Map())
  })
})
