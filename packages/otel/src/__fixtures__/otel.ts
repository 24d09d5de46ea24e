import { readFileSync } from 'node:fs'
import { context } from '@opentelemetry/api'
import type { HrTime, Tracer } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics'
import type { HistogramMetricData } from '@opentelemetry/sdk-metrics'
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace'
import type { ReadableSpan, Sampler, SpanProcessor } from '@opentelemetry/sdk-trace'
import type { ContentBlock } from '@toolpipe/core'
import type { Disposer, ToolDefinition, ToolRegistry } from '@toolpipe/tools'
import { afterAll, beforeAll } from 'vitest'

/**
 * Makes the async-hooks context manager (AsyncLocalStorage) the global one for the test file, as
 * a Node.js application's OpenTelemetry setup does.
 */
export function useAsyncHooksContext(): void {
  beforeAll(() => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
  })
  afterAll(() => {
    context.disable()
  })
}

/** Counts every span started and ended: a span that starts and never ends is a leak. */
export class CountingProcessor implements SpanProcessor {
  started = 0
  ended = 0
  onStart(): void {
    this.started++
  }
  onEnd(): void {
    this.ended++
  }
  forceFlush(): Promise<void> {
    return Promise.resolve()
  }
  shutdown(): Promise<void> {
    return Promise.resolve()
  }
}

/** A real SDK tracer provider exporting to memory through a simple span processor. */
export function recordingTracing(options: { sampler?: Sampler } = {}) {
  const exporter = new InMemorySpanExporter()
  const counter = new CountingProcessor()
  const provider = new TracerProvider({
    ...options,
    spanProcessors: [new SimpleSpanProcessor({ exporter }), counter],
  })
  const tracer: Tracer = provider.getTracer('test')
  return {
    provider,
    tracer,
    counter,
    exporter,
    /** The finished spans, oldest first. */
    spans: (): ReadableSpan[] => exporter.getFinishedSpans(),
    /** The one finished span named `name`; throws unless there is exactly one. */
    span(name: string): ReadableSpan {
      const found = exporter.getFinishedSpans().filter((span) => span.name === name)
      if (found.length !== 1) {
        throw new Error(`expected one span named "${name}", found ${found.length}`)
      }
      return found[0]!
    },
  }
}

/** A metric reader the test collects from by hand. */
class ManualReader extends MetricReader {
  protected onShutdown(): Promise<void> {
    return Promise.resolve()
  }
  protected onForceFlush(): Promise<void> {
    return Promise.resolve()
  }
}

/** A real SDK meter provider, read on demand. */
export function recordingMetrics() {
  const reader = new ManualReader()
  const provider = new MeterProvider({ readers: [reader] })
  return {
    provider,
    meter: provider.getMeter('test'),
    /** The instrumentation scopes (name and version) that recorded something. */
    async scopes(): Promise<{ name: string; version: string | undefined }[]> {
      const { resourceMetrics } = await reader.collect()
      return resourceMetrics.scopeMetrics.map(({ scope }) => ({
        name: scope.name,
        version: scope.version,
      }))
    },
    /** Every histogram the meter recorded, by instrument name. */
    async histograms(): Promise<Map<string, HistogramMetricData>> {
      const { resourceMetrics } = await reader.collect()
      const found = new Map<string, HistogramMetricData>()
      for (const scope of resourceMetrics.scopeMetrics) {
        for (const metric of scope.metrics) {
          found.set(metric.descriptor.name, metric as HistogramMetricData)
        }
      }
      return found
    },
  }
}

/** An OpenTelemetry `[seconds, nanoseconds]` time in milliseconds. */
export function milliseconds([seconds, nanoseconds]: HrTime): number {
  return seconds * 1000 + nanoseconds / 1e6
}

export function text(value: string): ContentBlock {
  return { type: 'text', text: value }
}

/** A hand-written tool whose body is `run`. */
export function tool(
  name: string,
  run: () => ContentBlock[] | Promise<ContentBlock[]> = () => [text(`${name} ran`)],
  extra: Partial<ToolDefinition> = {},
): ToolDefinition {
  return {
    name,
    description: `the ${name} tool`,
    parameters: { type: 'object', properties: {} },
    execute: async () => run(),
    ...extra,
  }
}

/**
 * The registry as a plugin sees it, counting what was added through it (listeners, guards, tools,
 * restrictions) and is still in place: what a plugin's disposer must bring back to zero.
 */
export function countingRegistrations(registry: ToolRegistry): {
  registry: ToolRegistry
  live: () => number
} {
  let live = 0
  const counted = (remove: Disposer): Disposer => {
    live++
    let removed = false
    return () => {
      if (removed) return
      removed = true
      live--
      remove()
    }
  }
  const wrapped: ToolRegistry = {
    ...registry,
    on: (event, listener, options) => counted(registry.on(event, listener, options)),
    guard: (guard, options) => counted(registry.guard(guard, options)),
    register: (definition, options) => counted(registry.register(definition, options)),
    restrict: (scope, restriction) => counted(registry.restrict(scope, restriction)),
  }
  return { registry: wrapped, live: () => live }
}

/** This package's package.json, as the build reads it (the tracer's and meter's version). */
export const packageJson = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { version: string }
