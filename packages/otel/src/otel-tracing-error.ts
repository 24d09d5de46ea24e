import { HarnessError } from '@toolpipe/core'

/** Why `otelTracing` refused something: the stable part of an {@link OtelTracingError}. */
export type OtelTracingErrorCode =
  /** Options of `otelTracing` that cannot be used: a tracer without `startSpan`, a flag that is not a boolean, … */
  'INVALID_OPTIONS'

/**
 * Thrown synchronously by `otelTracing` for options that cannot be used: a programming error in
 * the integrator's code, reported where it was made rather than on the first call.
 */
export class OtelTracingError extends HarnessError<OtelTracingErrorCode> {
  override readonly name = 'OtelTracingError'
}
