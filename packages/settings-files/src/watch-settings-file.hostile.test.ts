import { EventEmitter } from 'node:events'
import { writeFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { ScratchFolders } from './__fixtures__/scratch-folders.js'
import { timersByHand } from './__fixtures__/timers-by-hand.js'
import type { SettingsFileWatcher } from './settings-file-watcher.js'
import { watchSettingsFile } from './watch-settings-file.js'
import type { SettingsFileWatch, SettingsFileWatchOptions } from './watch-settings-file.js'

// SPEC §18.3: a watched file edited into something that does not parse leaves its previous
// content in force with one warning. What re-reads it runs from a timer or a watch's event,
// where a throw would be an uncaught exception that ends the process: none escapes.

const folders = new ScratchFolders('toolpipe-watch-hostile-')
const watches: SettingsFileWatch[] = []
afterEach(() => {
  for (const watch of watches.splice(0)) watch.close()
  folders.removeAll()
})

/** A watcher whose folder watch the test fires events and errors on. */
function watcherByHand() {
  const handles: (EventEmitter & { onEvent: (changed: string | null) => void })[] = []
  const watcher: SettingsFileWatcher = {
    watchFolder: (_folder, onEvent) => {
      const handle = Object.assign(new EventEmitter(), { onEvent, close: () => undefined })
      handles.push(handle)
      return handle
    },
    poll: () => () => undefined,
  }
  return { watcher, handles }
}

function start(path: string, onChange: SettingsFileWatchOptions['onChange']) {
  const { clock, fire } = timersByHand()
  const { watcher, handles } = watcherByHand()
  const warnings: string[] = []
  const watch = watchSettingsFile({
    path,
    format: 'json',
    label: 'settings.json',
    clock,
    watcher,
    logger: { warn: (message: string) => warnings.push(message) },
    onChange,
  })
  watches.push(watch)
  const edit = (text: string) => {
    writeFileSync(path, text)
    for (const handle of handles) handle.onEvent('settings.json')
    fire()
  }
  return { warnings, edit, handles }
}

describe('watchSettingsFile, with hostile files and callbacks (SPEC §18.3)', () => {
  it('keeps the previous content of a file edited to nest 5,000 levels deep, warning once', () => {
    const path = folders.file('settings.json', '{ "a": 1 }')
    const values: unknown[] = []
    const { warnings, edit } = start(path, (value) => values.push(value))
    const deep = '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000)
    expect(() => {
      edit(deep)
    }).not.toThrow()
    expect(values).toEqual([{ a: 1 }])
    expect(warnings).toEqual([
      'toolpipe: settings file settings.json: line 1, column 321: nested deeper than 64 levels; its previous content stays in force',
    ])
    edit('{ "a": 2 }')
    expect(values).toEqual([{ a: 1 }, { a: 2 }])
  })

  it('warns, instead of throwing from its timer, when onChange throws; the watch goes on', () => {
    const path = folders.file('settings.json', '{ "a": 1 }')
    const values: unknown[] = []
    const { warnings, edit } = start(path, (value) => {
      if ((value as { a?: unknown }).a === 2) throw new RangeError('no room')
      values.push(value)
    })
    expect(() => {
      edit('{ "a": 2 }')
    }).not.toThrow()
    expect(warnings).toEqual([
      'toolpipe: settings file settings.json: reading it again failed (no room); the watch goes on',
    ])
    edit('{ "a": 3 }')
    expect(values).toEqual([{ a: 1 }, { a: 3 }])
  })

  it('warns, instead of throwing from a watch’s error event, when the read it makes throws', () => {
    const path = folders.file('settings.json', '{ "a": 1 }')
    let calls = 0
    const { warnings, handles } = start(path, () => {
      if (++calls > 1) throw new Error('broken')
    })
    writeFileSync(path, '{ "a": 2 }')
    expect(() =>
      handles[0]?.emit('error', Object.assign(new Error('x'), { code: 'EIO' })),
    ).not.toThrow()
    expect(warnings).toContain(
      'toolpipe: settings file settings.json: reading it again failed (broken); the watch goes on',
    )
  })
})
