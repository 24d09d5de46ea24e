import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ScratchFolders } from './__fixtures__/scratch-folders.js'
import { timersByHand } from './__fixtures__/timers-by-hand.js'
import { watchSettingsFile } from './watch-settings-file.js'
import type { SettingsFileWatch } from './watch-settings-file.js'

// STYLE habit 19: the timer that lets a burst of file events settle is the clock's, so a test
// decides when a change is read.

const folders = new ScratchFolders('toolpipe-watch-clock-')
const watches: SettingsFileWatch[] = []
afterEach(() => {
  for (const watch of watches.splice(0)) watch.close()
  folders.removeAll()
})

describe('watchSettingsFile with a clock', () => {
  it('reads a changed file only when the clock’s settle timer fires', async () => {
    const path = folders.file('settings.json', '{ "a": 1 }')
    const { clock, pending, fire } = timersByHand()
    const values: unknown[] = []
    watches.push(
      watchSettingsFile({
        path,
        format: 'json',
        settleMs: 250,
        clock,
        logger: { warn: () => undefined },
        onChange: (value) => values.push(value),
      }),
    )
    writeFileSync(path, '{ "a": 2 }')
    await vi.waitFor(() => {
      expect([...pending.values()].map(({ ms }) => ms)).toEqual([250])
    })
    expect(values).toEqual([{ a: 1 }])
    fire()
    expect(values).toEqual([{ a: 1 }, { a: 2 }])
  })

  it('clears its pending timer on the clock when closed', async () => {
    const path = join(folders.folder(), 'settings.json')
    const { clock, pending } = timersByHand()
    const watch = watchSettingsFile({
      path,
      format: 'json',
      clock,
      logger: { warn: () => undefined },
      onChange: () => undefined,
    })
    watches.push(watch)
    writeFileSync(path, '{}')
    await vi.waitFor(() => {
      expect(pending.size).toBe(1)
    })
    watch.close()
    expect(pending.size).toBe(0)
  })
})
