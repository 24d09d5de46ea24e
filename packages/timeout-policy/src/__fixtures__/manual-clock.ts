import { setImmediate as nextMacrotask } from 'node:timers/promises'
import type { TimeoutClock } from '../timeout-clock.js'

interface Timer {
  readonly at: number
  readonly callback: () => void
}

/** A clock that only moves when told to, and counts the timers it holds. */
export class ManualClock implements TimeoutClock {
  #now = 0
  #nextId = 1
  readonly #timers = new Map<number, Timer>()
  created = 0
  /** `clearTimeout` calls with a handle this clock never returned: a custom scheduler may throw. */
  foreignClears = 0

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.#nextId++
    this.created++
    this.#timers.set(id, { at: this.#now + ms, callback })
    return id
  }

  clearTimeout(handle: unknown): void {
    if (typeof handle !== 'number' || handle < 1 || handle >= this.#nextId) this.foreignClears++
    this.#timers.delete(handle as number)
  }

  /** Timers set and neither fired nor cleared. */
  get pending(): number {
    return this.#timers.size
  }

  get now(): number {
    return this.#now
  }

  /** Moves time forward, firing due timers in order and letting promise chains run between them. */
  async advance(ms: number): Promise<void> {
    const target = this.#now + ms
    await nextMacrotask()
    for (;;) {
      let due: [number, Timer] | undefined
      for (const entry of this.#timers) {
        if (entry[1].at <= target && (due === undefined || entry[1].at < due[1].at)) due = entry
      }
      if (due === undefined) break
      this.#timers.delete(due[0])
      this.#now = due[1].at
      due[1].callback()
      await nextMacrotask()
    }
    this.#now = target
    await nextMacrotask()
  }

  /** A promise that resolves after `ms` on this clock, or rejects with the signal's reason. */
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted === true) {
        reject(signal.reason as Error)
        return
      }
      const id = this.setTimeout(() => {
        signal?.removeEventListener('abort', onAbort)
        resolve()
      }, ms)
      const onAbort = () => {
        this.clearTimeout(id)
        reject(signal?.reason as Error)
      }
      signal?.addEventListener('abort', onAbort, { once: true })
    })
  }
}
