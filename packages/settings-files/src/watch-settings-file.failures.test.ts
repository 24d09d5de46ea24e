import { EventEmitter } from 'node:events'
import { writeFileSync } from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ScratchFolders } from './__fixtures__/scratch-folders.js'
import { watchSettingsFile } from './watch-settings-file.js'
import type { SettingsFileWatch } from './watch-settings-file.js'
import { nodeSettingsFileWatcher } from './settings-file-watcher.js'
import type { FolderWatch, SettingsFileWatcher } from './settings-file-watcher.js'

// SPEC §26: watch failures are warned — each once, with the file's label — and the file is
// polled instead, so that a change is still noticed.

const folders = new ScratchFolders('toolpipe-watch-fail-')
const watches: SettingsFileWatch[] = []
afterEach(() => {
  for (const watch of watches.splice(0)) watch.close()
  folders.removeAll()
  vi.useRealTimers()
})

function settingsFile(): string {
  return folders.file('settings.json', '{ "a": 1 }')
}

function failure(code: string): Error {
  return Object.assign(new Error(`${code}: watch failed`), { code })
}

/** A watcher whose folder watches fail as told, and whose polling the test drives by hand. */
function failingWatcher(fail: (handle: EventEmitter & FolderWatch) => void) {
  const polls: { path: string; intervalMs: number; onChange: () => void }[] = []
  let stopped = 0
  let watchCalls = 0
  const watcher: SettingsFileWatcher = {
    watchFolder: () => {
      watchCalls++
      const handle = Object.assign(new EventEmitter(), { close: () => undefined })
      fail(handle)
      return handle
    },
    poll: (path, intervalMs, onChange) => {
      polls.push({ path, intervalMs, onChange })
      return () => {
        stopped++
      }
    },
  }
  return {
    watcher,
    polls,
    stopped: () => stopped,
    watchCalls: () => watchCalls,
  }
}

function start(path: string, watcher: SettingsFileWatcher) {
  const values: unknown[] = []
  const warnings: string[] = []
  const watch = watchSettingsFile({
    path,
    format: 'json',
    label: '.toolpipe/settings.json',
    settleMs: 5,
    pollMs: watcher.poll === nodeSettingsFileWatcher.poll ? 20 : 1_500,
    watcher,
    logger: { warn: (message: string) => warnings.push(message) },
    onChange: (value) => values.push(value),
  })
  watches.push(watch)
  return { values, warnings, watch }
}

describe('a settings file that cannot be watched', () => {
  it.each(['EMFILE', 'ENOSPC', 'EACCES'])(
    'warns once when fs.watch throws %s, and polls the file instead',
    (code) => {
      vi.useFakeTimers()
      const path = settingsFile()
      const fake = failingWatcher(() => {
        throw failure(code)
      })
      const { values, warnings } = start(path, fake.watcher)
      expect(warnings).toEqual([
        `toolpipe: settings file .toolpipe/settings.json cannot be watched (${code}); it is polled every 1500 ms instead`,
      ])
      expect(fake.polls.map(({ path: polled, intervalMs }) => [polled, intervalMs])).toEqual([
        [path, 1_500],
      ])

      // The polling notices a change; watching is tried again, and fails again silently.
      writeFileSync(path, '{ "a": 2 }')
      fake.polls[0]?.onChange()
      vi.advanceTimersByTime(5)
      expect(values).toEqual([{ a: 1 }, { a: 2 }])
      expect(fake.watchCalls()).toBe(2)
      expect(warnings).toHaveLength(1)
      expect(fake.polls).toHaveLength(1)
    },
  )

  it('warns once when the watch emits errors, polls instead, and reads what it may have missed', () => {
    const path = settingsFile()
    let handle: (EventEmitter & FolderWatch) | undefined
    const fake = failingWatcher((made) => {
      handle = made
    })
    const { values, warnings } = start(path, fake.watcher)
    expect(warnings).toEqual([])
    writeFileSync(path, '{ "a": 3 }')
    handle?.emit('error', failure('EIO'))
    handle?.emit('error', failure('EIO'))
    expect(values).toEqual([{ a: 1 }, { a: 3 }])
    expect(warnings).toEqual([
      'toolpipe: settings file .toolpipe/settings.json cannot be watched (EIO); it is polled every 1500 ms instead',
    ])
    expect(fake.polls).toHaveLength(1)
  })

  it('says so when the file cannot be polled either', () => {
    const path = settingsFile()
    const { warnings } = start(path, {
      watchFolder: () => {
        throw failure('ENOSPC')
      },
      poll: () => {
        throw failure('EMFILE')
      },
    })
    expect(warnings).toEqual([
      'toolpipe: settings file .toolpipe/settings.json cannot be watched (ENOSPC); it is polled every 1500 ms instead',
      'toolpipe: settings file .toolpipe/settings.json cannot be polled either (EMFILE); it is read again only when toolpipe writes it',
    ])
  })

  it('stops polling when closed', () => {
    const path = settingsFile()
    const fake = failingWatcher(() => {
      throw failure('EMFILE')
    })
    const { watch } = start(path, fake.watcher)
    watch.close()
    expect(fake.stopped()).toBe(1)
  })

  it('notices a change by fs.watchFile when fs.watch is impossible (the default polling)', async () => {
    const path = settingsFile()
    const { values } = start(path, {
      watchFolder: () => {
        throw failure('ENOSPC')
      },
      poll: nodeSettingsFileWatcher.poll,
    })
    // fs.watchFile takes its first look asynchronously: a change made before it is its baseline,
    // so the file is written again until a change is seen.
    let writes = 0
    await vi.waitFor(
      () => {
        writeFileSync(path, JSON.stringify({ a: 1, writes: ++writes }))
        expect(values.length).toBeGreaterThan(1)
      },
      { timeout: 5_000 },
    )
  })
})
