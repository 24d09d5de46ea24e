/**
 * Global timers that hand out `Timeout` objects with Node's `ref`, `unref`, `hasRef` and
 * `refresh`, on a clock that only moves when told to: what the global clock parks, with time
 * under the test's control (Node's own timers cannot be advanced, and fake timers' handles are
 * not `Timeout`s). `refresh` re-arms a timer `ms` from now, fired or not, as Node's does.
 */
export class NodeLikeTimers {
  now = 0
  readonly #armed = new Set<Timeout>()

  readonly setTimeout = (callback: () => void, ms: number): Timeout => {
    const timer = new Timeout(this, callback, ms)
    timer.refresh()
    return timer
  }

  readonly clearTimeout = (timer: Timeout): void => {
    this.#armed.delete(timer)
  }

  /** Timers armed and neither fired nor cleared, referenced or not. */
  get count(): number {
    return this.#armed.size
  }

  arm(timer: Timeout): void {
    this.#armed.add(timer)
  }

  /** Moves the clock `ms` on, firing each timer due on the way, earliest first. */
  advance(ms: number): void {
    const end = this.now + ms
    for (;;) {
      const due = [...this.#armed].filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at)
      const first = due[0]
      if (first === undefined) break
      this.now = first.at
      this.#armed.delete(first)
      first.callback()
    }
    this.now = end
  }
}

export class Timeout {
  at = 0
  #referenced = true
  readonly #timers: NodeLikeTimers
  readonly callback: () => void
  readonly ms: number

  constructor(timers: NodeLikeTimers, callback: () => void, ms: number) {
    this.#timers = timers
    this.callback = callback
    this.ms = ms
  }

  ref(): this {
    this.#referenced = true
    return this
  }

  unref(): this {
    this.#referenced = false
    return this
  }

  hasRef(): boolean {
    return this.#referenced
  }

  refresh(): this {
    this.at = this.#timers.now + this.ms
    this.#timers.arm(this)
    return this
  }
}
