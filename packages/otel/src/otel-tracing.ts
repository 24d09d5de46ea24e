import type { Meter, Tracer } from '@opentelemetry/api'
import type { ToolRegistryPlugin } from '@toolpipe/tools'
import { installTracing } from './internal/install-tracing.js'
import { readOptions } from './internal/read-options.js'

/** Options of {@link otelTracing}. */
export interface OtelTracingOptions {
  /**
   * The tracer of the spans. Default: the global tracer provider's `toolpipe` tracer, looked up
   * once, when the plugin is installed (a provider registered later is still followed).
   */
  readonly tracer?: Tracer | undefined
  /**
   * The meter of the `gen_ai.execute_tool.duration` histogram. Default: the global meter
   * provider's `toolpipe` meter, looked up when the plugin is installed. The metrics API has no
   * proxy like the tracing API's: register the meter provider before installing the plugin (or
   * pass `meter`), or the histogram stays a no-op.
   */
  readonly meter?: Meter | undefined
  /**
   * Record the call's arguments as JSON text in `gen_ai.tool.call.arguments`, as the registry's
   * `tools/shown` filters clean them (`redactSecrets()`), left out when a filter throws. Default
   * `false`: arguments may hold anything the model wrote, secrets included.
   */
  readonly recordArguments?: boolean | undefined
  /**
   * Record a successful call's content as JSON text in `gen_ai.tool.call.result`, and an error
   * result's message as the span's status description. Default `false`.
   */
  readonly recordResults?: boolean | undefined
}

/**
 * A registry plugin that traces every `execute()` with one span by the OpenTelemetry GenAI
 * semantic conventions: `execute_tool <tool name>`, kind INTERNAL, a child of the span active when
 * `execute()` was called, covering the whole call (including calls that end before any policy is
 * asked, and the approval wait, recorded as the `toolpipe.approval` event). The tool body runs
 * with the span active, so the spans it starts nest under it. An error result sets status ERROR
 * and `error.type` to its code. Each call's duration also goes to the
 * `gen_ai.execute_tool.duration` histogram (seconds).
 *
 * `registry.use(otelTracing())` returns the disposer, which removes everything the plugin added;
 * spans of calls already running still end.
 *
 * @throws {OtelTracingError} `INVALID_OPTIONS` for options that cannot be used
 * @example
 * registry.use(otelTracing({ recordArguments: true }))
 */
export function otelTracing(options?: OtelTracingOptions): ToolRegistryPlugin {
  const settings = readOptions(options)
  return (registry) => installTracing(registry, settings)
}
