import type { AbortFanOut } from '@toolpipe/core/internal'
import type { TimeoutClock } from '../timeout-clock.js'
import { TimeoutReason } from '../timeout-reason.js'

/**
 * One call's deadline: a signal that aborts when the caller's signal aborts or when `timeoutMs`
 * passes, and, with a grace period, a promise that settles `graceMs` after the deadline.
 * `dispose()` clears every timer and subscription it made.
 *
 * With `maxTotalMs` (`extendOnProgress`), {@link Deadline.restart} puts the deadline `timeoutMs`
 * after now, never past `maxTotalMs` after the start (nor earlier than the first deadline).
 */
export class Deadline {
  /** The signal the tool sees while the deadline is armed. */
  readonly signal: AbortSignal
  /** Resolves `graceMs` after the deadline fired; never settles without a grace period. */
  readonly graceExpired: Promise<void>
  #expired: TimeoutReason | undefined
  readonly #controller = new AbortController()
  readonly #clock: TimeoutClock
  readonly #timeoutMs: number
  readonly #graceMs: number | undefined
  readonly #extendable: boolean
  #deadlineTimer: unknown
  #totalTimer: unknown
  #graceTimer: unknown
  #expireGrace: () => void = () => undefined
  readonly #unsubscribe: (() => void) | undefined

  constructor(options: {
    clock: TimeoutClock
    timeoutMs: number
    graceMs: number | undefined
    /** The reason of the first deadline, made when the call started (its stack shows the call). */
    reason: TimeoutReason
    /** With `extendOnProgress`: the most, from the start, that restarts may extend the call to. */
    maxTotalMs: number | undefined
    callerSignal: AbortSignal | undefined
    /** Where to hear about the caller's abort: one listener per caller signal, shared. */
    fanOut: AbortFanOut
  }) {
    const { clock, timeoutMs, graceMs, reason, maxTotalMs, callerSignal, fanOut } = options
    this.#clock = clock
    this.#timeoutMs = timeoutMs
    this.#graceMs = graceMs
    this.signal = this.#controller.signal
    this.graceExpired = new Promise((resolve) => (this.#expireGrace = resolve))
    this.#deadlineTimer = clock.setTimeout(() => {
      this.#expire(reason)
    }, timeoutMs)
    // A limit below the first deadline could only cut it short: restarts then extend nothing.
    this.#extendable = maxTotalMs !== undefined && maxTotalMs > timeoutMs
    if (this.#extendable && maxTotalMs !== undefined) {
      this.#totalTimer = clock.setTimeout(() => {
        this.#expire(new TimeoutReason(maxTotalMs))
      }, maxTotalMs)
    }
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
    return this.#expired !== undefined
  }

  /** Why the deadline aborted the signal: which deadline passed. */
  get expired(): TimeoutReason | undefined {
    return this.#expired
  }

  /**
   * A progress report came: the deadline is `timeoutMs` from now, up to `maxTotalMs` from the
   * start. Does nothing without `maxTotalMs`, or once the signal aborted.
   */
  restart(): void {
    if (!this.#extendable || this.#controller.signal.aborted) return
    this.#clock.clearTimeout(this.#deadlineTimer)
    this.#deadlineTimer = this.#clock.setTimeout(() => {
      this.#expire(new TimeoutReason(this.#timeoutMs, { withoutProgress: true }))
    }, this.#timeoutMs)
  }

  dispose(): void {
    this.#clock.clearTimeout(this.#deadlineTimer)
    if (this.#totalTimer !== undefined) this.#clock.clearTimeout(this.#totalTimer)
    if (this.#graceTimer !== undefined) this.#clock.clearTimeout(this.#graceTimer)
    this.#unsubscribe?.()
  }

  #expire(reason: TimeoutReason): void {
    // The caller got there first: its cancellation, not a timeout.
    if (this.#controller.signal.aborted) return
    this.#expired = reason
    this.#controller.abort(reason)
    // Only one deadline fires: the other's timer has nothing left to do.
    this.#clock.clearTimeout(this.#deadlineTimer)
    if (this.#totalTimer !== undefined) this.#clock.clearTimeout(this.#totalTimer)
    if (this.#graceMs !== undefined) {
      this.#graceTimer = this.#clock.setTimeout(this.#expireGrace, this.#graceMs)
    }
  }
}
