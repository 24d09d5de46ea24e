import type { Meter, Tracer } from '@opentelemetry/api'
import { describeValue } from '@toolpipe/core/internal'
import { OtelTracingError } from '../otel-tracing-error.js'

/** The options of `otelTracing`, read once and checked. */
export interface TracingSettings {
  /** `undefined`: the global tracer provider's `toolpipe` tracer, looked up at installation. */
  readonly tracer: Tracer | undefined
  /** `undefined`: the global meter provider's `toolpipe` meter, looked up at installation. */
  readonly meter: Meter | undefined
  readonly recordArguments: boolean
  readonly recordResults: boolean
}

/**
 * Reads each option exactly once. Never trusts the shape: a tracer needs `startSpan`, a meter
 * `createHistogram`, a flag must be a boolean.
 *
 * @throws {OtelTracingError} `INVALID_OPTIONS`, naming the option
 */
export function readOptions(options: unknown): TracingSettings {
  if (options === undefined) {
    return { tracer: undefined, meter: undefined, recordArguments: false, recordResults: false }
  }
  if (typeof options !== 'object' || options === null) {
    throw invalid(`otelTracing: options must be an object, got ${describeValue(options)}`)
  }
  const read = (key: string): unknown => {
    try {
      return (options as Record<string, unknown>)[key]
    } catch (error) {
      throw invalid(`otelTracing: options.${key} could not be read`, error)
    }
  }
  return {
    tracer: withMethod('tracer', read('tracer'), 'startSpan') as Tracer | undefined,
    meter: withMethod('meter', read('meter'), 'createHistogram') as Meter | undefined,
    recordArguments: flag('recordArguments', read('recordArguments')),
    recordResults: flag('recordResults', read('recordResults')),
  }
}

function withMethod(key: string, value: unknown, method: string): unknown {
  if (value === undefined) return undefined
  let found: unknown
  try {
    found = typeof value === 'object' && value !== null ? Reflect.get(value, method) : undefined
  } catch (error) {
    throw invalid(`otelTracing: options.${key}.${method} could not be read`, error)
  }
  if (typeof found !== 'function') {
    throw invalid(
      `otelTracing: options.${key} must have a ${method} method, got ${describeValue(value)}`,
    )
  }
  return value
}

function flag(key: string, value: unknown): boolean {
  if (value === undefined) return false
  if (typeof value !== 'boolean') {
    throw invalid(`otelTracing: options.${key} must be a boolean, got ${describeValue(value)}`)
  }
  return value
}

function invalid(message: string, cause?: unknown): OtelTracingError {
  return new OtelTracingError(message, 'INVALID_OPTIONS', cause === undefined ? {} : { cause })
}
