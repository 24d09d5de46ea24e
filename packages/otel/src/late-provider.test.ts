import { createRequire } from 'node:module'
import { context, createContextKey, trace } from '@opentelemetry/api'
import type * as ApiModule from '@opentelemetry/api'
import { SamplingDecision } from '@opentelemetry/sdk-trace'
import type * as SdkTraceModule from '@opentelemetry/sdk-trace'
import type { Attributes } from '@opentelemetry/api'
import type { ReadableSpan, Sampler } from '@opentelemetry/sdk-trace'
import { createToolRegistry } from '@toolpipe/tools'
import type { ToolRegistry } from '@toolpipe/tools'
import { afterEach, describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import type { CallInput } from '@toolpipe/call-inputs'
import { recordingTracing, tool, useAsyncHooksContext } from './__fixtures__/otel.js'
import { otelTracing } from './otel-tracing.js'

useAsyncHooksContext()

// The API's and the SDK's CommonJS builds: what `@opentelemetry/sdk-node` registers through.
const require = createRequire(import.meta.url)
const commonJsApi = require('@opentelemetry/api') as typeof ApiModule
const commonJsSdk = require('@opentelemetry/sdk-trace') as typeof SdkTraceModule

/** What a sampler was asked: the span's name and the attributes it was started with. */
interface Asked {
  readonly name: string
  readonly attributes: Attributes
}

/**
 * A sampler that keeps tool spans only, by the attribute SPEC §15 gives them: any other span
 * (one started without it) is dropped.
 */
function toolSpansOnly(asked: Asked[]): Sampler {
  return {
    shouldSample: (_context, _traceId, name, _kind, attributes) => {
      asked.push({ name, attributes })
      return {
        decision:
          attributes['gen_ai.operation.name'] === 'execute_tool'
            ? SamplingDecision.RECORD_AND_SAMPLED
            : SamplingDecision.NOT_RECORD,
      }
    },
    toString: () => 'tool spans only',
  }
}

/** A registry with one tool, traced by `otelTracing(options)`. */
function tracedRegistry(options: Parameters<typeof otelTracing>[0] = {}): ToolRegistry {
  const registry = createToolRegistry()
  registry.use(otelTracing(options))
  registry.register(tool('read_file'))
  return registry
}

/** The name and the attributes SPEC §15 gives the span of `input`. */
function toolSpan(input: CallInput): Asked {
  return {
    name: 'execute_tool read_file',
    attributes: {
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'read_file',
      'gen_ai.tool.call.id': input.callId,
      'gen_ai.tool.type': 'function',
      'gen_ai.tool.description': 'the read_file tool',
    },
  }
}

function exported(spans: ReadableSpan[]): Asked[] {
  return spans.map((span) => ({ name: span.name, attributes: span.attributes }))
}

describe('SPEC §15: the first call after a tracer provider is registered late gets its span, named and attributed where the sampler reads them', () => {
  afterEach(() => {
    trace.disable()
    commonJsApi.trace.disable()
  })

  it('a provider registered through the same API build, after no-op calls', async () => {
    const registry = tracedRegistry()
    await registry.execute(callInput('read_file'))
    await registry.execute(callInput('read_file'))
    const asked: Asked[] = []
    const tracing = recordingTracing({ sampler: toolSpansOnly(asked) })
    trace.setGlobalTracerProvider(tracing.provider)
    const inputs = [callInput('read_file'), callInput('read_file')]
    for (const input of inputs) await registry.execute(input)
    expect(asked).toEqual(inputs.map(toolSpan))
    expect(exported(tracing.spans())).toEqual(inputs.map(toolSpan))
  })

  it('a provider registered through the CommonJS build, after a no-op call', async () => {
    const registry = tracedRegistry()
    await registry.execute(callInput('read_file'))
    const asked: Asked[] = []
    const exporter = new commonJsSdk.InMemorySpanExporter()
    const provider = new commonJsSdk.TracerProvider({
      sampler: toolSpansOnly(asked),
      spanProcessors: [new commonJsSdk.SimpleSpanProcessor({ exporter })],
    })
    expect(commonJsApi.trace.setGlobalTracerProvider(provider)).toBe(true)
    const input = callInput('read_file')
    await registry.execute(input)
    expect(asked).toEqual([toolSpan(input)])
    expect(exported(exporter.getFinishedSpans())).toEqual([toolSpan(input)])
  })

  it('a tracer given as the option, taken from the global provider before an SDK was registered', async () => {
    const registry = tracedRegistry({ tracer: trace.getTracer('my-agent') })
    await registry.execute(callInput('read_file'))
    const asked: Asked[] = []
    const tracing = recordingTracing({ sampler: toolSpansOnly(asked) })
    trace.setGlobalTracerProvider(tracing.provider)
    const input = callInput('read_file')
    await registry.execute(input)
    expect(exported(tracing.spans())).toEqual([toolSpan(input)])
  })

  it('a call after one whose tracing was suppressed (an SDK’s own no-op span) is sampled with its attributes', async () => {
    const asked: Asked[] = []
    const tracing = recordingTracing({ sampler: toolSpansOnly(asked) })
    const registry = tracedRegistry({ tracer: tracing.tracer })
    // What `suppressTracing()` of `@opentelemetry/core` sets: the SDK then starts no span at all.
    const suppressed = context
      .active()
      .setValue(createContextKey('OpenTelemetry SDK Context Key SUPPRESS_TRACING'), true)
    await context.with(suppressed, () => registry.execute(callInput('read_file')))
    const input = callInput('read_file')
    await registry.execute(input)
    expect(asked).toEqual([toolSpan(input)])
    expect(exported(tracing.spans())).toEqual([toolSpan(input)])
  })
})
