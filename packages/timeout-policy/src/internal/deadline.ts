import type { AbortFanOut } from '@toolpipe/core/internal'
import type { TimeoutClock } from '../timeout-clock.js'
import { TimeoutReason } from '../timeout-reason.js'

/**
 * Which timer: the first deadline, one a progress report restarted, the `maxTotalMs` cap, the
 * grace period after a deadline.
 */
type TimerKind = 'deadline' | 'restarted' | 'total' | 'grace'

/** Where a {@link Deadline} reports a clock failure, and what about (its `about` option). */
export type DeadlineWarn = (message: string, error: unknown, about: unknown) => void

/** One armed timer: once `cancelled` (or fired), its callback does nothing, cleared or not. */
interface Timer {
  handle: unknown
  cancelled: boolean
}

/**
 * One call's deadline: a signal that aborts when the caller's signal aborts or when `timeoutMs`
 * passes, and, with a grace period, a promise that settles `graceMs` after the deadline.
 * `dispose()` clears every timer and subscription it made.
 *
 * With `maxTotalMs` (`extendOnProgress`), {@link Deadline.restart} puts the deadline `timeoutMs`
 * after now, never past `maxTotalMs` after the start (nor earlier than the first deadline).
 *
 * The clock is the integrator's code and may throw at any call. Nothing it throws leaves this
 * class — above all not from a timer callback, where it would be an uncaught exception that ends
 * the process: each failure goes to `warn`, and the deadline does the next best thing (see each
 * call site). A timer is marked cancelled before it is cleared, so one the clock failed to clear
 * does nothing when it fires.
 */
export class Deadline {
  /** The signal the tool sees while the deadline is armed. */
  readonly signal: AbortSignal
  #expired: TimeoutReason | undefined
  readonly #controller = new AbortController()
  readonly #clock: TimeoutClock
  readonly #warn: DeadlineWarn
  readonly #about: unknown
  readonly #timeoutMs: number
  readonly #graceMs: number | undefined
  #extendable: boolean
  #deadlineTimer: Timer | undefined
  #totalTimer: Timer | undefined
  #graceTimer: Timer | undefined
  /** Made when first asked for: a call without a grace period never needs it. */
  #graceExpired: Promise<void> | undefined
  #expireGrace: (() => void) | undefined
  #graceDone = false
  readonly #maxTotalMs: number | undefined
  readonly #unsubscribe: (() => void) | undefined

  constructor(options: {
    clock: TimeoutClock
    /** Where a clock failure goes (the registry's logger), with `about`; must not throw. */
    warn: DeadlineWarn
    /** What `warn` is told the failure is about (the call): one `warn` serves every call. */
    about?: unknown
    timeoutMs: number
    graceMs: number | undefined
    /** With `extendOnProgress`: the most, from the start, that restarts may extend the call to. */
    maxTotalMs: number | undefined
    callerSignal: AbortSignal | undefined
    /** Where to hear about the caller's abort: one listener per caller signal, shared. */
    fanOut: AbortFanOut
  }) {
    const { clock, timeoutMs, graceMs, maxTotalMs, callerSignal, fanOut } = options
    this.#clock = clock
    this.#warn = options.warn
    this.#about = options.about
    this.#timeoutMs = timeoutMs
    this.#graceMs = graceMs
    this.#maxTotalMs = maxTotalMs
    this.signal = this.#controller.signal
    // A clock that cannot arm the deadline cannot hold the call: it runs as if the tool declared
    // no timeoutMs (the policy trusts its clock to fire, and a failed arm is the same as a timer
    // that never fires), rather than failing a call the tool could have answered.
    this.#deadlineTimer = this.#arm(
      'deadline',
      timeoutMs,
      'arming the deadline; the call runs without one',
    )
    // A limit below the first deadline could only cut it short: restarts then extend nothing.
    this.#extendable = maxTotalMs !== undefined && maxTotalMs > timeoutMs
    if (this.#extendable && maxTotalMs !== undefined) {
      this.#totalTimer = this.#arm(
        'total',
        maxTotalMs,
        'arming the maxTotalMs limit; progress extends nothing',
      )
      // Without the cap, a tool reporting forever would run forever: keep the first deadline.
      if (this.#totalTimer === undefined) this.#extendable = false
    }
    if (callerSignal !== undefined) {
      const forwardAbort = (): void => {
        this.#controller.abort(callerSignal.reason)
      }
      if (callerSignal.aborted) forwardAbort()
      else this.#unsubscribe = fanOut.subscribe(callerSignal, forwardAbort)
    }
  }

  /** Resolves `graceMs` after the deadline fired; never settles without a grace period. */
  get graceExpired(): Promise<void> {
    this.#graceExpired ??= this.#graceDone
      ? Promise.resolve()
      : new Promise((resolve) => (this.#expireGrace = resolve))
    return this.#graceExpired
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
    // The new timer first: if the clock cannot arm it, the old deadline still holds the call.
    const next = this.#arm(
      'restarted',
      this.#timeoutMs,
      'restarting the deadline on progress; the previous deadline stands',
    )
    if (next === undefined) return
    this.#disarm(this.#deadlineTimer, 'deadline')
    this.#deadlineTimer = next
  }

  dispose(): void {
    this.#disarm(this.#deadlineTimer, 'deadline')
    this.#disarm(this.#totalTimer, 'maxTotalMs')
    this.#disarm(this.#graceTimer, 'grace')
    this.#unsubscribe?.()
  }

  #expire(reason: TimeoutReason): void {
    // The caller got there first: its cancellation, not a timeout.
    if (this.#controller.signal.aborted) return
    this.#expired = reason
    this.#controller.abort(reason)
    // Only one deadline fires: the other's timer has nothing left to do.
    this.#disarm(this.#deadlineTimer, 'deadline')
    this.#disarm(this.#totalTimer, 'maxTotalMs')
    if (this.#graceMs !== undefined) {
      this.#graceTimer = this.#arm(
        'grace',
        this.#graceMs,
        'arming the grace period; the tool is abandoned now',
      )
      // The caller asked for a bounded wait: without a timer, the shortest one.
      if (this.#graceTimer === undefined) this.#endGrace()
    }
  }

  #endGrace(): void {
    this.#graceDone = true
    this.#expireGrace?.()
  }

  /** What a timer of each kind does when it fires. */
  #fire(kind: TimerKind): void {
    switch (kind) {
      case 'deadline':
        // Made now, not when the call started: most calls end before, and an error's stack
        // costs more than the rest of the deadline together.
        this.#expire(new TimeoutReason(this.#timeoutMs))
        return
      case 'restarted':
        this.#expire(new TimeoutReason(this.#timeoutMs, { withoutProgress: true }))
        return
      case 'total':
        // SPEC §7's `<ms>` is the tool's own budget here too; the limit is the reason's detail.
        this.#expire(new TimeoutReason(this.#timeoutMs, { maxTotalMs: this.#maxTotalMs }))
        return
      case 'grace':
        this.#endGrace()
    }
  }

  /** Arms a timer, or warns (`failure` says what was lost) and returns `undefined`. */
  #arm(kind: TimerKind, ms: number, failure: string): Timer | undefined {
    const timer: Timer = { handle: undefined, cancelled: false }
    try {
      timer.handle = this.#clock.setTimeout(() => {
        if (timer.cancelled) return
        // Fired: nothing left to clear.
        timer.cancelled = true
        this.#fire(kind)
      }, ms)
    } catch (error) {
      this.#warn(`the clock's setTimeout threw ${failure}`, error, this.#about)
      return undefined
    }
    return timer
  }

  /** Cancels a timer; if the clock cannot clear it, it fires later and does nothing. */
  #disarm(timer: Timer | undefined, name: string): void {
    if (timer === undefined || timer.cancelled) return
    timer.cancelled = true
    try {
      this.#clock.clearTimeout(timer.handle)
    } catch (error) {
      this.#warn(
        `the clock's clearTimeout threw clearing the ${name} timer; it will do nothing when it fires`,
        error,
        this.#about,
      )
    }
  }
}
