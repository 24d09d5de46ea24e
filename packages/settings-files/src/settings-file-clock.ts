/**
 * The timers a settings-file watch lets a burst of file events settle with (STYLE habit 19):
 * inject one to control time in tests. The default is {@link nodeSettingsFileClock}.
 */
export interface SettingsFileClock {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/**
 * The global timers, looked up at each call (so vitest's fake timers work), unreferenced: a
 * watch never keeps the process alive.
 */
export const nodeSettingsFileClock: SettingsFileClock = {
  setTimeout: (callback, ms) => setTimeout(callback, ms).unref(),
  clearTimeout: (handle) => {
    clearTimeout(handle as ReturnType<typeof setTimeout>)
  },
}
