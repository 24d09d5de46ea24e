import type { SettingsFileClock } from '../settings-file-clock.js'

/** A clock whose timers the test fires; it keeps the ones set and not cleared. */
export function timersByHand() {
  const pending = new Map<number, { callback: () => void; ms: number }>()
  let made = 0
  const clock: SettingsFileClock = {
    setTimeout: (callback, ms) => {
      pending.set(++made, { callback, ms })
      return made
    },
    clearTimeout: (handle) => {
      pending.delete(handle as number)
    },
  }
  const fire = () => {
    const due = [...pending.values()]
    pending.clear()
    for (const { callback } of due) callback()
  }
  return { clock, pending, fire }
}
