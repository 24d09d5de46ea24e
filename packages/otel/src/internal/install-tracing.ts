import { context, metrics, trace } from '@opentelemetry/api'
import type { Disposer, ToolRegistry } from '@toolpipe/tools'
import { DurationHistogram } from './duration-histogram.js'
import { packageVersion } from './package-version.js'
import type { TracingSettings } from './read-options.js'
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
  const spanSettings: SpanSettings = {
    // Looked up once, here. With no provider registered yet, the API hands out a proxy tracer
    // that follows the global provider registered later.
    tracer: settings.tracer ?? trace.getTracer(scopeName, packageVersion),
    recordArguments: settings.recordArguments,
    recordResults: settings.recordResults,
  }
  const histogram = new DurationHistogram(
    settings.meter ?? metrics.getMeter(scopeName, packageVersion),
  )
  /** The span of each running call, by its execution record (one object per call). */
  const spans = new WeakMap<object, ToolSpan>()
  let running = 0
  let disposed = false

  const removeStart = registry.on('tools/start', (exec) => {
    spans.set(exec, ToolSpan.start(registry, spanSettings, exec))
    running++
  })
  const removeSpanObservers = spanObservers(registry, spans, spanSettings)
  const removeResult = registry.on('tools/result', (exec, result) => {
    const toolSpan = spans.get(exec)
    if (toolSpan === undefined) return
    spans.delete(exec)
    running--
    try {
      toolSpan.end(spanSettings, result)
      const seconds = (performance.now() - toolSpan.startedAt) / 1000
      histogram.record(seconds, toolSpan.knownTool ? exec.name : undefined, result)
    } finally {
      if (disposed && running === 0) removeResult()
    }
  })

  return () => {
    disposed = true
    removeStart()
    for (const remove of removeSpanObservers) remove()
    if (running === 0) removeResult()
  }
}

/**
 * What adds to a running call's span, in this order: the approval, progress and decision
 * observers, and the outermost `tools/execute` wrapper that runs the call with its span active.
 */
function spanObservers(
  registry: ToolRegistry,
  spans: WeakMap<object, ToolSpan>,
  spanSettings: SpanSettings,
): Disposer[] {
  return [
    registry.on('tools/approval', (exec, answer) => {
      spans.get(exec)?.recordApproval(spanSettings, answer)
    }),
    registry.on('tools/progress', (exec, update) => {
      spans.get(exec)?.recordProgress(spanSettings, update)
    }),
    registry.on('tools/decision', (exec, decision) => {
      spans.get(exec)?.recordDecision(spanSettings, decision)
    }),
    registry.on(
      'tools/execute',
      (exec, next) => {
        const spanContext = spans.get(exec)?.context
        // `next()`'s own promise, unchanged: the pipeline passes the result on without reading it.
        return spanContext === undefined ? next() : context.with(spanContext, next)
      },
      { prepend: true },
    ),
  ]
}
