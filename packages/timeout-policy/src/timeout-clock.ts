/**
 * The timers the policy uses; inject one to control time in tests or to use a custom scheduler.
 * A method that throws is warned about (`registry.logger.warn`) and never fails the call.
 */
export interface TimeoutClock {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/**
 * The global timers as they are when a call starts (so fake timers work), called with the global
 * object as `this`: browsers throw "Illegal invocation" for any other.
 */
export function globalClock(): TimeoutClock {
  const set = globalThis.setTimeout
  const clear = globalThis.clearTimeout
  return {
    setTimeout: (callback, ms) => Reflect.apply(set, globalThis, [callback, ms]),
    clearTimeout: (handle) => {
      Reflect.apply(clear, globalThis, [handle])
    },
  }
}
