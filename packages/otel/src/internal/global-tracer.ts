import { trace } from '@opentelemetry/api'
import type { Tracer, TracerProvider } from '@opentelemetry/api'

/**
 * The global tracer provider's tracer of one instrumentation scope, as it is now (SPEC §15: with
 * no `tracer` option, the global provider's `toolpipe` tracer).
 *
 * Not looked up once: the proxy tracer the API hands out before a provider is registered only
 * follows a provider registered through the same copy of `@opentelemetry/api`. An application
 * whose SDK registers through the other build (the CommonJS one, as `@opentelemetry/sdk-node` or
 * a `--require` setup does, while this package got the ES module one) puts that build's own
 * proxy provider in the global slot, which the first proxy never reaches; `trace.disable()` and a
 * new registration replace it too. So each span start compares the global provider with the
 * one the tracer came from and asks the new one for a tracer when it changed: one global lookup
 * and a comparison per call on the API's no-op path.
 */
export class GlobalTracer {
  /** Asks a provider for the tracer: the scope's name and version are the caller's. */
  readonly #tracerOf: (provider: TracerProvider) => Tracer
  #provider: TracerProvider
  #tracer: Tracer

  constructor(tracerOf: (provider: TracerProvider) => Tracer) {
    this.#tracerOf = tracerOf
    this.#provider = trace.getTracerProvider()
    this.#tracer = tracerOf(this.#provider)
  }

  /** The tracer of the provider registered now; the same object while that provider stays. */
  current(): Tracer {
    const provider = trace.getTracerProvider()
    if (provider !== this.#provider) {
      // Kept only once it gave a tracer: a provider that throws is asked again on the next call.
      this.#tracer = this.#tracerOf(provider)
      this.#provider = provider
    }
    return this.#tracer
  }
}
