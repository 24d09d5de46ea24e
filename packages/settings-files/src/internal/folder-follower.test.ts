import { EventEmitter } from 'node:events'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ScratchFolders } from '../__fixtures__/scratch-folders.js'
import type { FolderWatch, SettingsFileWatcher } from '../settings-file-watcher.js'
import { FolderFollower } from './folder-follower.js'

const folders = new ScratchFolders('toolpipe-follow-')
afterEach(() => {
  folders.removeAll()
})

/** A watcher the test drives: the folders watched, their event callbacks and handles. */
function handWatcher() {
  const watched: {
    folder: string
    onEvent: (changed: string | null) => void
    handle: EventEmitter & FolderWatch
    closed: boolean
  }[] = []
  const polled: string[] = []
  const watcher: SettingsFileWatcher = {
    watchFolder: (folder, onEvent) => {
      const entry = {
        folder,
        onEvent,
        closed: false,
        handle: Object.assign(new EventEmitter(), {
          close: () => {
            entry.closed = true
          },
        }),
      }
      watched.push(entry)
      return entry.handle
    },
    poll: (path) => {
      polled.push(path)
      return () => undefined
    },
  }
  return { watcher, watched, polled }
}

function follow(path: string, watcher: SettingsFileWatcher) {
  const events: string[] = []
  const warnings: string[] = []
  const follower = new FolderFollower({
    path,
    label: 'settings.json',
    logger: { warn: (message: string) => warnings.push(message) },
    pollMs: 1_000,
    watcher,
    onEvent: () => events.push('event'),
    onWatchFailed: () => events.push('failed'),
  })
  follower.arm()
  return { follower, events, warnings }
}

describe('FolderFollower', () => {
  it('watches the nearest existing folder until the file’s folder exists, then that folder', () => {
    const root = folders.folder()
    const hand = handWatcher()
    const { follower, events } = follow(join(root, 'a', 'b', 'settings.json'), hand.watcher)
    expect(hand.watched.map(({ folder }) => folder)).toEqual([root])
    // Any event above the folder may be its creation.
    hand.watched[0]!.onEvent('unrelated')
    expect(events).toEqual(['event'])
    mkdirSync(join(root, 'a', 'b'), { recursive: true })
    follower.arm()
    follower.arm()
    expect(hand.watched.map(({ folder, closed }) => [folder, closed])).toEqual([
      [root, true],
      [join(root, 'a', 'b'), false],
    ])
  })

  it('in the file’s own folder, hears only the file (or an event that names nothing)', () => {
    const root = folders.folder()
    const hand = handWatcher()
    const { events } = follow(join(root, 'settings.json'), hand.watcher)
    hand.watched[0]!.onEvent('other.json')
    hand.watched[0]!.onEvent('settings.json')
    hand.watched[0]!.onEvent(null)
    expect(events).toEqual(['event', 'event'])
  })

  it('polls the file when its watch fails, warning once per kind of failure; close stops both', () => {
    const root = folders.folder()
    const hand = handWatcher()
    const path = join(root, 'settings.json')
    const { follower, events, warnings } = follow(path, hand.watcher)
    const failure = Object.assign(new Error('io'), { code: 'EIO' })
    hand.watched[0]!.handle.emit('error', failure)
    expect(hand.watched[0]!.closed).toBe(true)
    expect(hand.polled).toEqual([path])
    expect(events).toEqual(['failed'])
    follower.arm()
    hand.watched[1]!.handle.emit('error', failure)
    expect(warnings).toEqual([
      'toolpipe: settings file settings.json cannot be watched (EIO); it is polled every 1000 ms instead',
    ])
    expect(hand.polled).toEqual([path])
    follower.close()
    follower.arm()
    expect(hand.watched).toHaveLength(2)
  })
})
