import type { HookClock } from '../hook-clock.js'

interface Timer {
  readonly ms: number
  readonly callback: () => void
}

/**
 * A clock whose timers fire only when the test says so (STYLE habit 19): hook timeouts, the wait
 * for a finished hook's pipes and the settling of settings-file changes happen when the test
 * fires them, never by waiting. It keeps every delay it was asked for, fired or not.
 */
export class HandClock implements HookClock {
  readonly #timers = new Map<number, Timer>()
  readonly #waiting: { readonly ms: number; readonly resolve: () => void }[] = []
  #made = 0
  /** Every delay asked for, in order. */
  readonly asked: number[] = []

  setTimeout(callback: () => void, ms: number): unknown {
    const id = ++this.#made
    this.#timers.set(id, { ms, callback })
    this.asked.push(ms)
    for (const waiter of this.#waiting.filter((each) => each.ms === ms)) {
      this.#waiting.splice(this.#waiting.indexOf(waiter), 1)
      waiter.resolve()
    }
    return id
  }

  clearTimeout(handle: unknown): void {
    this.#timers.delete(handle as number)
  }

  /** The delays of the timers set and neither fired nor cleared. */
  get pending(): number[] {
    return [...this.#timers.values()].map(({ ms }) => ms)
  }

  /** Resolves once a timer of `ms` is pending: at once if one is, else when one is set. */
  timerOf(ms: number): Promise<void> {
    if (this.pending.includes(ms)) return Promise.resolve()
    return new Promise((resolve) => {
      this.#waiting.push({ ms, resolve })
    })
  }

  /** Fires the pending timers of `ms` now, in the order they were set; how many fired. */
  fire(ms: number): number {
    const due = [...this.#timers].filter(([, timer]) => timer.ms === ms)
    for (const [id] of due) this.#timers.delete(id)
    for (const [, timer] of due) timer.callback()
    return due.length
  }
}
