import { EventEmitter } from 'node:events'
import { FolderFollower } from '../internal/folder-follower.js'
import type { FolderWatch, SettingsFileWatcher } from '../settings-file-watcher.js'

/** A folder watch a {@link handWatcher} made: its folder, its event callback, its handle. */
export interface HandWatch {
  readonly folder: string
  readonly onEvent: (changed: string | null) => void
  readonly handle: EventEmitter & FolderWatch
  closed: boolean
}

/** A watcher the test drives: the folders watched, their event callbacks and handles. */
export function handWatcher() {
  const watched: HandWatch[] = []
  const polled: string[] = []
  const watcher: SettingsFileWatcher = {
    watchFolder: (folder, onEvent) => {
      const entry: HandWatch = {
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
  /** The folders watched now, sorted. */
  const open = () =>
    watched
      .filter(({ closed }) => !closed)
      .map(({ folder }) => folder)
      .sort()
  return { watcher, watched, polled, open }
}

/** A {@link FolderFollower} of `path`, armed, with the events and warnings it gave. */
export function follow(path: string, watcher: SettingsFileWatcher) {
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
