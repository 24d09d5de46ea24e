import { ProxyTracerProvider, trace } from '@opentelemetry/api'
import type { Tracer, TracerProvider } from '@opentelemetry/api'

/**
 * Where each span's tracer comes from: the `tracer` option, or the global provider's (see
 * {@link GlobalTracer}).
 */
export interface TracerSource {
  /** The tracer the next span starts on. */
  current(): Tracer
  /**
   * Whether the tracer {@link TracerSource.current} returned last is known to be the API's no-op
   * (no SDK registered): its spans record nothing and no sampler reads their name or attributes.
   * Never a guess from earlier spans: a provider registered since, or a tracer whose spans are
   * no-ops only now and then (an SDK's under `suppressTracing`), makes it `false`.
   */
  noop(): boolean
}

/** What the API's proxy provider is read through: the provider its tracers delegate to. */
interface Delegating {
  getDelegate(): TracerProvider
}

/** A tracer given as the option: used as it is, and never taken for the API's no-op. */
export function givenTracer(tracer: Tracer): TracerSource {
  return { current: () => tracer, noop: () => false }
}

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
export class GlobalTracer implements TracerSource {
  /** Asks a provider for the tracer: the scope's name and version are the caller's. */
  readonly #tracerOf: (provider: TracerProvider) => Tracer
  /** What this copy of the API's proxy provider delegates to while no SDK is registered. */
  readonly #noopDelegate: TracerProvider
  #provider: TracerProvider
  /** `#provider` when it is this copy of the API's proxy provider, whose delegate can be read. */
  #proxy: Delegating | undefined
  #tracer: Tracer

  constructor(tracerOf: (provider: TracerProvider) => Tracer) {
    this.#tracerOf = tracerOf
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- see proxyOf
    this.#noopDelegate = new ProxyTracerProvider().getDelegate()
    this.#provider = trace.getTracerProvider()
    this.#proxy = proxyOf(this.#provider)
    this.#tracer = tracerOf(this.#provider)
  }

  /** The tracer of the provider registered now; the same object while that provider stays. */
  current(): Tracer {
    const provider = trace.getTracerProvider()
    if (provider !== this.#provider) {
      // Kept only once it gave a tracer: a provider that throws is asked again on the next call.
      this.#tracer = this.#tracerOf(provider)
      this.#provider = provider
      this.#proxy = proxyOf(provider)
    }
    return this.#tracer
  }

  /**
   * Whether the provider {@link GlobalTracer.current} saw last is the API's proxy without a
   * delegate: its tracer is the API's no-op. A provider registered through the same copy of the
   * API keeps the proxy but gives it a delegate, so this is read on every call.
   */
  noop(): boolean {
    return this.#proxy !== undefined && this.#proxy.getDelegate() === this.#noopDelegate
  }
}

/**
 * `provider` when it is this copy of the API's proxy provider. `ProxyTracerProvider` is exported
 * by every 1.x API (since 1.0.0) and deprecated in 1.10, to go in the next major version, which
 * is a new peer range and a global slot of its own: this is to be looked at again then.
 */
function proxyOf(provider: TracerProvider): Delegating | undefined {
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- see above
  return provider instanceof ProxyTracerProvider ? provider : undefined
}
