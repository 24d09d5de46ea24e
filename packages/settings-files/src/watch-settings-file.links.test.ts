import { mkdirSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ScratchFolders } from './__fixtures__/scratch-folders.js'
import { nodeSettingsFileWatcher } from './settings-file-watcher.js'
import type { SettingsFileWatcher } from './settings-file-watcher.js'
import { watchSettingsFile } from './watch-settings-file.js'
import type { SettingsFileWatch } from './watch-settings-file.js'

// SPEC §18.3 "Files are watched; a changed file is re-read", §26 "a symlinked settings file is
// written through its link": with real files, links and fs.watch, an edit of the file a link
// leads to is heard, and so is the link being repointed. File events may take a while on a busy
// machine: each expectation is polled up to a generous deadline, never slept for.

const folders = new ScratchFolders('toolpipe-watch-links-')
const watches: SettingsFileWatch[] = []
afterEach(() => {
  for (const watch of watches.splice(0)) watch.close()
  folders.removeAll()
})

const eventually = { timeout: 10_000, interval: 20 }

/** fs.watch and fs.watchFile, counting the folder watches open now. */
function countingWatcher() {
  let open = 0
  const watcher: SettingsFileWatcher = {
    watchFolder: (folder, onEvent) => {
      const handle = nodeSettingsFileWatcher.watchFolder(folder, onEvent)
      open++
      return {
        close: () => {
          open--
          handle.close()
        },
        on: (event, listener) => handle.on(event, listener),
      }
    },
    poll: nodeSettingsFileWatcher.poll,
  }
  return { watcher, open: () => open }
}

/** A project whose .toolpipe/settings.json is a link into team/; `link(target)` repoints it. */
function linkedProject() {
  const root = realpathSync(folders.folder())
  mkdirSync(join(root, '.toolpipe'))
  mkdirSync(join(root, 'team'))
  const path = join(root, '.toolpipe', 'settings.json')
  const write = (name: string, value: unknown) => {
    writeFileSync(join(root, 'team', name), JSON.stringify(value))
  }
  const link = (target: string, at = path) => {
    rmSync(at, { force: true })
    symlinkSync(target, at)
  }
  return { root, path, write, link }
}

function start(path: string, watcher?: SettingsFileWatcher) {
  const values: unknown[] = []
  const warnings: string[] = []
  const watch = watchSettingsFile({
    path,
    format: 'json',
    settleMs: 5,
    logger: { warn: (message: string) => warnings.push(message) },
    onChange: (value) => values.push(value),
    ...(watcher === undefined ? {} : { watcher }),
  })
  watches.push(watch)
  return { values, warnings, watch }
}

describe('watchSettingsFile and a symlinked settings file (SPEC §18.3, §26)', () => {
  it('re-reads the file a link leads to when it is edited, or replaced by rename', async () => {
    const { root, path, write, link } = linkedProject()
    write('team.json', { a: 1 })
    link('../team/team.json')
    const { values, warnings } = start(path)
    expect(values).toEqual([{ a: 1 }])
    write('team.json', { a: 2 })
    await vi.waitFor(() => {
      expect(values.at(-1)).toEqual({ a: 2 })
    }, eventually)
    write('team.json.tmp', { a: 3 })
    renameSync(join(root, 'team', 'team.json.tmp'), join(root, 'team', 'team.json'))
    await vi.waitFor(() => {
      expect(values.at(-1)).toEqual({ a: 3 })
    }, eventually)
    expect(warnings).toEqual([])
  })

  it('follows a chain of links, absolute and relative, to the last file', async () => {
    const { root, path, write, link } = linkedProject()
    mkdirSync(join(root, 'real'))
    writeFileSync(join(root, 'real', 'settings.json'), '{ "a": 1 }')
    link(join(root, 'real', 'settings.json'), join(root, 'team', 'middle.json'))
    link('../team/middle.json')
    const { values } = start(path)
    writeFileSync(join(root, 'real', 'settings.json'), '{ "a": 2 }')
    await vi.waitFor(() => {
      expect(values.at(-1)).toEqual({ a: 2 })
    }, eventually)
    // The middle link repointed: the new last file is read, and then its edits.
    write('other.json', { b: 1 })
    link('other.json', join(root, 'team', 'middle.json'))
    await vi.waitFor(() => {
      expect(values.at(-1)).toEqual({ b: 1 })
    }, eventually)
    write('other.json', { b: 2 })
    await vi.waitFor(() => {
      expect(values.at(-1)).toEqual({ b: 2 })
    }, eventually)
  })

  it('moves its watches with a repointed link, never more than it needs, and close releases them', async () => {
    const { root, path, write, link } = linkedProject()
    mkdirSync(join(root, 'other'))
    write('a.json', { from: 'a' })
    writeFileSync(join(root, 'other', 'b.json'), '{ "from": "b" }')
    link('../team/a.json')
    const counting = countingWatcher()
    const { values, watch } = start(path, counting.watcher)
    expect(counting.open()).toBe(2)
    for (const [target, from] of [
      ['../other/b.json', 'b'],
      ['../team/a.json', 'a'],
      ['../other/b.json', 'b'],
    ] as const) {
      link(target)
      await vi.waitFor(() => {
        expect(values.at(-1)).toEqual({ from })
      }, eventually)
      expect(counting.open()).toBe(2)
    }
    writeFileSync(join(root, 'other', 'b.json'), '{ "from": "b, edited" }')
    await vi.waitFor(() => {
      expect(values.at(-1)).toEqual({ from: 'b, edited' })
    }, eventually)
    watch.close()
    expect(counting.open()).toBe(0)
  })

  it('reads a dangling link’s target once it appears, and a removed link as an empty source', async () => {
    const { root, path, link } = linkedProject()
    link('../later/settings.json')
    const { values } = start(path)
    expect(values).toEqual([undefined])
    mkdirSync(join(root, 'later'))
    writeFileSync(join(root, 'later', 'settings.json'), '{ "late": true }')
    await vi.waitFor(() => {
      expect(values.at(-1)).toEqual({ late: true })
    }, eventually)
    rmSync(path)
    await vi.waitFor(() => {
      expect(values.at(-1)).toBeUndefined()
    }, eventually)
  })
})
