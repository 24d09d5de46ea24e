import type { LockClock } from '../internal/persist/settings-lock.js'

/**
 * A lock clock whose time stands still (at `at`, comparable with file times) and whose sleeps
 * only yield to the event loop: writers waiting for each other cost no real time, and no lock
 * grows stale by age however slowly a busy machine runs the test. (A lock planted older than
 * the stale age, or whose holder is gone, is still stale.)
 */
export function stillClock(at: number = Date.now()): LockClock {
  return {
    now: () => at,
    sleep: () => new Promise((resolve) => setImmediate(resolve)),
  }
}
