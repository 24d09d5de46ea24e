import type { Meter, Tracer } from '@opentelemetry/api'
import { describeValue, readOptionMember, readPluginOptions } from '@toolpipe/core/internal'
import type { PluginOptionsReader } from '@toolpipe/core/internal'
import { OtelTracingError } from '../otel-tracing-error.js'

/** The options of `otelTracing`, read once and checked. */
export interface TracingSettings {
  /**
   * `undefined`: the global tracer provider's `toolpipe` tracer, looked up again whenever the
   * global provider changes.
   */
  readonly tracer: Tracer | undefined
  /** `undefined`: the global meter provider's `toolpipe` meter, looked up at installation. */
  readonly meter: Meter | undefined
  readonly recordArguments: boolean
  readonly recordResults: boolean
}

/**
 * Reads each option exactly once, through the plugin options reader (STYLE habit 18). Never
 * trusts the shape: a tracer needs `startSpan`, a meter `createHistogram`, a flag must be a
 * boolean.
 *
 * @throws {OtelTracingError} `INVALID_OPTIONS`, `otelTracing: <option> must be …, got …`
 */
export function readOptions(options: unknown): TracingSettings {
  const reader = readPluginOptions(
    'otelTracing',
    options,
    (message) => new OtelTracingError(message, 'INVALID_OPTIONS'),
  )
  return {
    tracer: withMethod(reader, 'tracer', 'startSpan') as Tracer | undefined,
    meter: withMethod(reader, 'meter', 'createHistogram') as Meter | undefined,
    recordArguments: flag(reader, 'recordArguments'),
    recordResults: flag(reader, 'recordResults'),
  }
}

/** `container[name]`, read once; one that cannot be read is refused as `path`, its cause kept. */
function member(container: object, name: string, path = name): unknown {
  return readOptionMember(container, name, (message, cause) => {
    throw new OtelTracingError(`otelTracing: ${path} ${message}`, 'INVALID_OPTIONS', { cause })
  })
}

function withMethod(reader: PluginOptionsReader, name: string, method: string): unknown {
  const value = member(reader.given, name)
  if (value === undefined) return undefined
  const found =
    typeof value === 'object' && value !== null
      ? member(value, method, `${name}.${method}`)
      : undefined
  if (typeof found !== 'function') {
    reader.fail(name, `must have a ${method} method, got ${describeValue(value)}`)
  }
  return value
}

function flag(reader: PluginOptionsReader, name: string): boolean {
  const value = member(reader.given, name)
  if (value === undefined) return false
  if (typeof value !== 'boolean')
    reader.fail(name, `must be a boolean, got ${describeValue(value)}`)
  return value
}
