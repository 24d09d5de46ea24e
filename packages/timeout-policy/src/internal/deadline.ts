import type { AbortFanOut } from '@toolpipe/core/internal'
import type { TimeoutClock } from '../timeout-clock.js'
import type { TimeoutReason } from '../timeout-reason.js'

/**
 * One call's deadline: a signal that aborts when the caller's signal aborts or when `timeoutMs`
 * passes, and, with a grace period, a promise that settles `graceMs` after the deadline.
 * `dispose()` clears every timer and subscription it made.
 */
export class Deadline {
  /** The signal the tool sees while the deadline is armed. */
  readonly signal: AbortSignal
  /** Resolves `graceMs` after the deadline fired; never settles without a grace period. */
  readonly graceExpired: Promise<void>
  #timedOut = false
  readonly #controller = new AbortController()
  readonly #clock: TimeoutClock
  readonly #deadlineTimer: unknown
  #graceTimer: unknown
  readonly #unsubscribe: (() => void) | undefined

  constructor(options: {
    clock: TimeoutClock
    timeoutMs: number
    graceMs: number | undefined
    reason: TimeoutReason
    callerSignal: AbortSignal | undefined
    /** Where to hear about the caller's abort: one listener per caller signal, shared. */
    fanOut: AbortFanOut
  }) {
    const { clock, timeoutMs, graceMs, reason, callerSignal, fanOut } = options
    this.#clock = clock
    this.signal = this.#controller.signal
    let expireGrace: () => void = () => undefined
    this.graceExpired = new Promise((resolve) => (expireGrace = resolve))
    this.#deadlineTimer = clock.setTimeout(() => {
      // The caller got there first: its cancellation, not a timeout.
      if (this.#controller.signal.aborted) return
      this.#timedOut = true
      this.#controller.abort(reason)
      if (graceMs !== undefined) this.#graceTimer = clock.setTimeout(expireGrace, graceMs)
    }, timeoutMs)
    if (callerSignal !== undefined) {
      const forwardAbort = (): void => {
        this.#controller.abort(callerSignal.reason)
      }
      if (callerSignal.aborted) forwardAbort()
      else this.#unsubscribe = fanOut.subscribe(callerSignal, forwardAbort)
    }
  }

  /** Whether the deadline, not the caller, aborted the signal. */
  get timedOut(): boolean {
    return this.#timedOut
  }

  dispose(): void {
    this.#clock.clearTimeout(this.#deadlineTimer)
    if (this.#graceTimer !== undefined) this.#clock.clearTimeout(this.#graceTimer)
    this.#unsubscribe?.()
  }
}
