import { context } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics'
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace'
import { asCallId } from '@toolpipe/core'
import { otelTracing } from '@toolpipe/otel'
import type { OtelTracingOptions } from '@toolpipe/otel'
import { createToolRegistry } from '@toolpipe/tools'
import type { ToolRegistry } from '@toolpipe/tools'
import { readFileTool, smallArgs } from './fixtures.js'
import type { Comparison, Suite } from './harness.js'

/** A registry holding the shared `read_file` tool (a 4-field spec, validated in the pipeline). */
function readFileRegistry(options?: OtelTracingOptions): ToolRegistry {
  const registry = createToolRegistry()
  registry.register(readFileTool())
  if (options !== undefined) registry.use(otelTracing(options))
  return registry
}

/** A metric reader nobody collects from: the SDK still aggregates every value it records. */
class IdleReader extends MetricReader {
  protected onShutdown(): Promise<void> {
    return Promise.resolve()
  }
  protected onForceFlush(): Promise<void> {
    return Promise.resolve()
  }
}

/**
 * The issue #22 overhead: `execute()` with the tracing plugin against the same registry without
 * it, on SMALL arguments from `JSON.parse`, in a process with the async-hooks context manager
 * registered (as an application that traces has). "No-op tracer" is the plugin with no tracer or
 * meter provider registered: the API's own no-op tracer and meter. "Recording" is a real SDK
 * `TracerProvider` with a `SimpleSpanProcessor` into an `InMemorySpanExporter`, cleared every
 * 1,000 spans (about what a batch processor holds) so that memory stays flat. "SDK alone" is what
 * that tracer costs for one span without toolpipe.
 */
function tracingComparison(): Comparison {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
  const exporter = new InMemorySpanExporter()
  const tracer = new TracerProvider({
    spanProcessors: [new SimpleSpanProcessor({ exporter })],
  }).getTracer('bench')
  const meter = new MeterProvider({ readers: [new IdleReader()] }).getMeter('bench')
  const bare = readFileRegistry()
  const noop = readFileRegistry({})
  const recording = readFileRegistry({ tracer })
  const everything = readFileRegistry({ tracer, meter, recordArguments: true, recordResults: true })
  const input = {
    callId: asCallId('call_1'),
    name: 'read_file',
    arguments: JSON.parse(JSON.stringify(smallArgs)) as unknown,
  }
  let spans = 0
  const clearNow = () => {
    if (++spans % 1_000 === 0) exporter.reset()
  }
  return {
    title: 'execute(): SMALL args (4 fields) through a defineTool tool, traced',
    baseline: 'execute(), no plugin',
    cases: [
      { name: 'execute(), no plugin', run: () => bare.execute(input) },
      { name: 'otelTracing(), no-op tracer and meter', run: () => noop.execute(input) },
      {
        name: 'otelTracing(), recording tracer',
        run: () => {
          clearNow()
          return recording.execute(input)
        },
      },
      {
        name: 'SDK alone: startSpan + end on the recording tracer',
        run: () => {
          clearNow()
          tracer.startSpan('execute_tool read_file').end()
        },
      },
      {
        name: 'recording tracer + meter, arguments and results recorded',
        run: () => {
          clearNow()
          return everything.execute(input)
        },
      },
    ],
  }
}

export const otelSuite: Suite = {
  name: 'otel',
  comparisons: () => [tracingComparison()],
}
