import { context, createNoopMeter, metrics } from '@opentelemetry/api'
import type { Tracer } from '@opentelemetry/api'
import type { Disposer, ToolRegistry } from '@toolpipe/tools'
import { DurationHistogram } from './duration-histogram.js'
import { givenTracer, GlobalTracer } from './global-tracer.js'
import type { TracerSource } from './global-tracer.js'
import { packageVersion } from './package-version.js'
import type { TracingSettings } from './read-options.js'
import { RunningSpans } from './running-spans.js'
import { ToolSpan } from './tool-span.js'
import type { SpanSettings } from './tool-span.js'

/** The instrumentation scope name of the global tracer and meter (SPEC §15); their version is the package's. */
const scopeName = 'toolpipe'

/**
 * Installs the tracing of one registry: a `tools/start` observer starts each call's span in the
 * caller's context, a `tools/approval` observer adds the approval event, a `tools/progress`
 * observer a progress event per report, a `tools/decision` observer a decision event per entry
 * of the call's decision record, a `tools/execute`
 * wrapper (outermost) runs the wrappers inside it and the tool body with the span active, and a
 * `tools/result` observer ends it and records the duration.
 *
 * The disposer removes the start and approval observers and the wrapper at once, so that no later
 * call gets a span, and the result observer as soon as no call it traced is still running
 * (at once when none is): a span that was started always ends, with its real outcome.
 */
export function installTracing(registry: ToolRegistry, settings: TracingSettings): Disposer {
  const meter = settings.meter ?? metrics.getMeter(scopeName, packageVersion)
  const histogram = new DurationHistogram(meter)
  const spanSettings: SpanSettings = {
    tracers: tracerSource(settings.tracer),
    recordArguments: settings.recordArguments,
    recordResults: settings.recordResults,
    // The API's no-op meter (no provider when installed: the metrics API has no proxy) records
    // nothing, so a call's duration need not be measured.
    timed: meter !== createNoopMeter(),
  }
  const spans = new RunningSpans()
  let running = 0
  let disposed = false

  // The `tools/execute` wrapper, once a span needed it (see installWrapper).
  let removeWrapper: Disposer | undefined
  const removeStart = registry.on('tools/start', (exec) => {
    const toolSpan = ToolSpan.start(registry, spanSettings, exec)
    // The API's no-op span: ending it does nothing, and there is no context to switch to. Unless
    // a duration is measured, nothing needs to find it again.
    if (toolSpan.noop && !spanSettings.timed) return
    spans.set(exec, toolSpan)
    running++
    // The first span with a context of its own puts the wrapper in, before this call runs.
    if (toolSpan.context !== undefined) removeWrapper ??= installWrapper(registry, spans)
  })
  const removeSpanObservers = spanObservers(registry, spans, spanSettings)
  const removeResult = registry.on('tools/result', (exec, result) => {
    const toolSpan = spans.get(exec)
    if (toolSpan === undefined) return
    spans.delete(exec)
    running--
    try {
      toolSpan.end(spanSettings, result)
      if (spanSettings.timed) {
        const seconds = (performance.now() - toolSpan.startedAt) / 1000
        histogram.record(seconds, toolSpan.knownTool ? exec.name : undefined, result)
      }
    } finally {
      if (disposed && running === 0) removeResult()
    }
  })

  return () => {
    disposed = true
    removeStart()
    removeWrapper?.()
    for (const remove of removeSpanObservers) remove()
    if (running === 0) removeResult()
  }
}

/**
 * Where each span's tracer comes from: the `tracer` option as given, or the global tracer
 * provider's `toolpipe` tracer, following the provider registered now (see {@link GlobalTracer}).
 */
function tracerSource(tracer: Tracer | undefined): TracerSource {
  if (tracer !== undefined) return givenTracer(tracer)
  return new GlobalTracer((provider) => provider.getTracer(scopeName, packageVersion))
}

/** What adds to a running call's span: the approval, progress and decision observers. */
function spanObservers(
  registry: ToolRegistry,
  spans: RunningSpans,
  spanSettings: SpanSettings,
): Disposer[] {
  return [
    registry.on('tools/approval', (exec, answer) => {
      spans.get(exec)?.recordApproval(spanSettings, exec, answer)
    }),
    registry.on('tools/progress', (exec, update) => {
      spans.get(exec)?.recordProgress(spanSettings, update)
    }),
    registry.on('tools/decision', (exec, decision) => {
      spans.get(exec)?.recordDecision(spanSettings, decision)
    }),
  ]
}

/**
 * The outermost `tools/execute` wrapper, which runs a call with its span active. Put in when the
 * first span that has a context of its own starts (from its `tools/start` observer, before the
 * call reaches its wrappers): on the API's no-op tracer there is never a context to switch to,
 * and a wrapper that only passes `next()` on still costs a step of the waterfall on every call.
 */
function installWrapper(registry: ToolRegistry, spans: RunningSpans): Disposer {
  return registry.on(
    'tools/execute',
    (exec, next) => {
      const spanContext = spans.get(exec)?.context
      // `next()`'s own promise, unchanged: the pipeline passes the result on without reading it.
      return spanContext === undefined ? next() : context.with(spanContext, next)
    },
    { prepend: true },
  )
}
