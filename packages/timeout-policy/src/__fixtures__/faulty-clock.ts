import type { TimeoutClock } from '../timeout-clock.js'
import { ManualClock } from './manual-clock.js'

/** Which calls of a clock method throw, by their 1-based number. */
export type FailingCalls = (call: number) => boolean

/**
 * A clock over a {@link ManualClock} whose `setTimeout` and `clearTimeout` throw on chosen calls,
 * counting every call. A timer callback that throws would reach the host as an uncaught exception
 * (the process crashes); here it is caught and kept in `escaped`, so a test can say none did.
 */
export class FaultyClock implements TimeoutClock {
  /** The time the timers run on; tools sleep on it too, without counting as the policy's calls. */
  readonly time = new ManualClock()
  /** Errors thrown out of timer callbacks: what the host would report as uncaught exceptions. */
  readonly escaped: unknown[] = []
  sets = 0
  clears = 0
  /** How many calls threw. */
  failures = 0
  readonly #failingSets: FailingCalls
  readonly #failingClears: FailingCalls

  constructor(failing: { setTimeout?: FailingCalls; clearTimeout?: FailingCalls } = {}) {
    this.#failingSets = failing.setTimeout ?? (() => false)
    this.#failingClears = failing.clearTimeout ?? (() => false)
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const call = ++this.sets
    if (this.#failingSets(call)) this.#fail(`setTimeout call ${call} failed`)
    return this.time.setTimeout(() => {
      try {
        callback()
      } catch (error) {
        this.escaped.push(error)
      }
    }, ms)
  }

  clearTimeout(handle: unknown): void {
    const call = ++this.clears
    if (this.#failingClears(call)) this.#fail(`clearTimeout call ${call} failed`)
    this.time.clearTimeout(handle)
  }

  #fail(message: string): never {
    this.failures++
    throw new Error(message)
  }
}
