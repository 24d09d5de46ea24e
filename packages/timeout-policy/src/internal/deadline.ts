import type { TimeoutClock } from '../timeout-policy.js'
import type { TimeoutReason } from '../timeout-reason.js'

/**
 * One call's deadline: a signal that aborts when the caller's signal aborts or when `timeoutMs`
 * passes, and, with a grace period, a promise that settles `graceMs` after the deadline.
 * `dispose()` clears every timer and listener it made.
 */
export class Deadline {
  /** The signal the tool sees while the deadline is armed. */
  readonly signal: AbortSignal
  /** Resolves `graceMs` after the deadline fired; never settles without a grace period. */
  readonly graceExpired: Promise<void>
  #timedOut = false
  readonly #controller = new AbortController()
  readonly #clock: TimeoutClock
  readonly #callerSignal: AbortSignal | undefined
  readonly #forwardAbort = (): void => {
    this.#controller.abort(this.#callerSignal?.reason)
  }
  readonly #deadlineTimer: unknown
  #graceTimer: unknown

  constructor(options: {
    clock: TimeoutClock
    timeoutMs: number
    graceMs: number | undefined
    reason: TimeoutReason
    callerSignal: AbortSignal | undefined
  }) {
    const { clock, timeoutMs, graceMs, reason, callerSignal } = options
    this.#clock = clock
    this.#callerSignal = callerSignal
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
    if (callerSignal?.aborted === true) this.#forwardAbort()
    else callerSignal?.addEventListener('abort', this.#forwardAbort, { once: true })
  }

  /** Whether the deadline, not the caller, aborted the signal. */
  get timedOut(): boolean {
    return this.#timedOut
  }

  dispose(): void {
    this.#clock.clearTimeout(this.#deadlineTimer)
    if (this.#graceTimer !== undefined) this.#clock.clearTimeout(this.#graceTimer)
    this.#callerSignal?.removeEventListener('abort', this.#forwardAbort)
  }
}
