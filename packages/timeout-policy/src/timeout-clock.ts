/**
 * The timers the policy uses; inject one to control time in tests or to use a custom scheduler.
 * A method that throws is warned about (`registry.logger.warn`) and never fails the call.
 */
export interface TimeoutClock {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/** What Node's `setTimeout` returns (a `Timeout`): a timer that can be armed again. */
interface RenewableHandle {
  ref(): unknown
  unref(): unknown
  refresh(): unknown
}

/** The most durations with a timer parked at once (see {@link GlobalTimers}). */
const maxParked = 8

/**
 * The global timers as they were when this module loaded: the only ones a timer is parked under
 * (see {@link GlobalTimers}). Read here, once, because a spy, fake timers or a wrapper installed
 * later is told apart by identity alone, and expects every timer it saw armed to be cleared
 * through it (SPEC §7: timers are always cleared).
 */
const loadedSetTimeout = globalThis.setTimeout
const loadedClearTimeout = globalThis.clearTimeout

let current: GlobalTimers | undefined

/**
 * The global timers as they are when a call starts (so fake timers work), called with the global
 * object as `this`: browsers throw "Illegal invocation" for any other. The same object while the
 * global functions stay the same: it keeps the timers parked between calls, but only while they
 * are the very functions that were there when this module loaded; under any others, every timer
 * is cleared through the global `clearTimeout`.
 */
export function globalClock(): TimeoutClock {
  const set = globalThis.setTimeout
  const clear = globalThis.clearTimeout
  if (current?.set !== set || current.clear !== clear) {
    current = new GlobalTimers(set, clear, set === loadedSetTimeout && clear === loadedClearTimeout)
  }
  return current
}

/** One timer the global clock armed: what its `setTimeout` returns, and its `clearTimeout` takes. */
class Armed {
  /** What fires now; `undefined` once it fired, was cleared, or while the timer is parked. */
  callback: (() => void) | undefined
  /** The global `setTimeout`'s own handle. */
  handle: unknown
  /** Whether the handle can be armed again (see {@link GlobalTimers}). */
  renewable = false
  readonly ms: number
  /** Given to the global `setTimeout` once, for the life of the handle. */
  readonly fire: () => void

  constructor(callback: () => void, ms: number, onFire: (armed: Armed) => void) {
    this.callback = callback
    this.ms = ms
    this.fire = () => {
      onFire(this)
    }
  }
}

/**
 * The global `setTimeout`/`clearTimeout`. A Node timer costs most when its duration's timer list
 * is made and torn down, which a lone call's deadline does twice: so a cleared timer whose handle
 * can be armed again (Node's `Timeout`: `refresh`, `ref`, `unref`) is parked instead, one per
 * duration: unreferenced, so that it never keeps the process alive, its callback gone, so that it
 * does nothing if it fires; the next deadline of the same duration takes it and re-arms it from
 * now (`refresh`). A parked timer that fires is forgotten. Any other handle (a browser's number,
 * fake timers') is cleared as it always was; and without `parks` (global functions replaced since
 * this module loaded: a spy, fake timers, a wrapper) every timer is the global `setTimeout`'s own
 * handle, cleared through the global `clearTimeout`.
 */
class GlobalTimers implements TimeoutClock {
  readonly set: typeof globalThis.setTimeout
  readonly clear: typeof globalThis.clearTimeout
  readonly #parks: boolean
  /** Cleared timers kept for reuse, one per duration (a few: a scan costs less than a Map). */
  readonly #parked: Armed[] = []

  constructor(
    set: typeof globalThis.setTimeout,
    clear: typeof globalThis.clearTimeout,
    parks: boolean,
  ) {
    this.set = set
    this.clear = clear
    this.#parks = parks
  }

  setTimeout(callback: () => void, ms: number): unknown {
    if (!this.#parks) return Reflect.apply(this.set, globalThis, [callback, ms])
    const parked = this.#take(ms)
    if (parked !== undefined) {
      const handle = parked.handle as RenewableHandle
      parked.callback = callback
      handle.ref()
      handle.refresh()
      return parked
    }
    const armed = new Armed(callback, ms, (fired) => {
      this.#fired(fired)
    })
    armed.handle = Reflect.apply(this.set, globalThis, [armed.fire, ms])
    armed.renewable = renewable(armed.handle)
    return armed
  }

  clearTimeout(handle: unknown): void {
    if (!(handle instanceof Armed)) {
      Reflect.apply(this.clear, globalThis, [handle])
      return
    }
    // Cleared twice, or after it fired: nothing is armed.
    if (handle.callback === undefined) return
    handle.callback = undefined
    const parked = this.#parked
    if (!handle.renewable || parked.length >= maxParked || this.#indexOf(handle.ms) >= 0) {
      Reflect.apply(this.clear, globalThis, [handle.handle])
      return
    }
    ;(handle.handle as RenewableHandle).unref()
    parked.push(handle)
  }

  #fired(armed: Armed): void {
    const callback = armed.callback
    armed.callback = undefined
    if (callback !== undefined) callback()
    else if (this.#parked[this.#indexOf(armed.ms)] === armed) this.#take(armed.ms)
  }

  /** Where the timer parked for `ms` is, or -1. */
  #indexOf(ms: number): number {
    const parked = this.#parked
    for (let index = 0; index < parked.length; index++) if (parked[index]?.ms === ms) return index
    return -1
  }

  /** The timer parked for `ms`, no longer parked; or undefined. */
  #take(ms: number): Armed | undefined {
    const parked = this.#parked
    const index = this.#indexOf(ms)
    if (index < 0) return undefined
    const timer = parked[index]
    const last = parked.pop()
    if (last !== timer && last !== undefined) parked[index] = last
    return timer
  }
}

/**
 * Whether the handle is one a parked timer can be armed again from (see {@link GlobalTimers}):
 * Node's own `Timeout`. Fake timers' handles have the same methods, but a test that installs them
 * counts the timers pending: under them every timer is cleared, as with any other clock.
 */
function renewable(handle: unknown): boolean {
  if (typeof handle !== 'object' || handle === null) return false
  const { ref, unref, refresh, constructor } = handle as Partial<RenewableHandle> & {
    constructor?: unknown
  }
  return (
    typeof constructor === 'function' &&
    constructor.name === 'Timeout' &&
    typeof ref === 'function' &&
    typeof unref === 'function' &&
    typeof refresh === 'function'
  )
}
