/**
 * The timers hooks run on (STYLE habit 19): each hook's timeout, the wait for a finished hook's
 * output pipes, and the settling of settings-file changes. Inject one to control time in tests;
 * it is called as a method of itself.
 */
export interface HookClock {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}
