import type { HookClock } from '../hook-clock.js'

/** The global timers, looked up at each call, so that vitest's fake timers work too. */
export const nodeHookClock: HookClock = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => {
    clearTimeout(handle as ReturnType<typeof setTimeout>)
  },
}
