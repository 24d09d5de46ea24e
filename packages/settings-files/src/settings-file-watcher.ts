import { unwatchFile, watch, watchFile } from 'node:fs'

/** A folder being watched: what `fs.watch` returns, as far as a settings watch uses it. */
export interface FolderWatch {
  close(): void
  on(event: 'error', listener: (error: Error) => void): unknown
}

/**
 * How a settings file is watched: a seam, so that tests can stand in a watcher that fails
 * (EMFILE, ENOSPC, a folder that cannot be watched, an `'error'` event) without exhausting the
 * operating system. The default is {@link nodeSettingsFileWatcher}.
 */
export interface SettingsFileWatcher {
  /**
   * Watches a folder; `onEvent` gets the name of the entry that changed, or `null` when the
   * platform does not say. May throw, and the handle may emit `'error'`.
   */
  watchFolder(folder: string, onEvent: (changed: string | null) => void): FolderWatch
  /**
   * Polls a file's status every `intervalMs` and calls `onChange` when it changed (created,
   * written, replaced or removed): the fallback that needs no watch descriptor. Returns a stop
   * function. Never keeps the process alive.
   */
  poll(path: string, intervalMs: number, onChange: () => void): () => void
}

/** `fs.watch` on the folder (never keeping the process alive), `fs.watchFile` to poll. */
export const nodeSettingsFileWatcher: SettingsFileWatcher = {
  watchFolder(folder, onEvent) {
    return watch(folder, { persistent: false }, (_event, changed) => {
      onEvent(changed)
    })
  },
  poll(path, intervalMs, onChange) {
    const listener = (): void => {
      onChange()
    }
    watchFile(path, { persistent: false, interval: intervalMs }, listener)
    return () => {
      unwatchFile(path, listener)
    }
  },
}
