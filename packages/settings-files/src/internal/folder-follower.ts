import { existsSync } from 'node:fs'
import { dirname } from 'node:path'
import { warnSafely } from '@toolpipe/core/internal'
import type { FolderWatch, SettingsFileWatcher } from '../settings-file-watcher.js'
import type { SettingsFileLogger } from '../settings-file-logger.js'
import { linkChainOf } from './link-chain.js'

/** What a {@link FolderFollower} follows, and whom it tells. */
export interface FolderFollowerOptions {
  /** The settings file, absolute. */
  readonly path: string
  readonly label: string
  readonly logger: SettingsFileLogger
  readonly pollMs: number
  readonly watcher: SettingsFileWatcher
  /** Something may have changed the file: read it again once events settle. */
  readonly onEvent: () => void
  /** The folder watch failed: read the file at once, for what the watch may have missed. */
  readonly onWatchFailed: () => void
}

/** One folder being watched, and the entries in it the file depends on. */
interface WatchedFolder {
  readonly handle: FolderWatch
  /** The entries that matter; undefined for an ancestor of a missing folder (any event may be it). */
  names: ReadonlySet<string> | undefined
}

/**
 * Follows a settings file through `fs.watch` on its folder (or its nearest existing ancestor until
 * the folder exists, and again after it is removed) and, when the file is a symbolic link, on the
 * folder of each link of the chain and of the file it ends at (SPEC §18.3, §26): an edit of the
 * target, and a link repointed, are both heard. Each {@link arm} resolves the chain again, watching
 * the folders it now needs and closing the others, so watches never pile up; at most one per link
 * followed (Linux's limit, 40) and one for the file. It falls back to polling the file (which
 * follows its links) when a folder cannot be watched (`fs.watch` throws EMFILE, ENOSPC, EACCES, or
 * its watch emits `'error'`): each kind of failure is warned once with the file's label. Watching
 * is tried again at each change, so a watch that works later is used again.
 */
export class FolderFollower {
  readonly #options: FolderFollowerOptions
  readonly #warnedFailures = new Set<string>()
  /** The watches by folder. */
  readonly #watches = new Map<string, WatchedFolder>()
  #stopPolling: (() => void) | undefined
  #closed = false

  constructor(options: FolderFollowerOptions) {
    this.#options = options
  }

  /** Watches the folders the file (and the links it is reached through) need now. */
  arm(): void {
    if (this.#closed) return
    const wanted = wantedFolders(this.#options.path)
    for (const [folder, watched] of this.#watches) {
      if (wanted.has(folder)) continue
      this.#watches.delete(folder)
      closeQuietly(watched.handle)
    }
    for (const [folder, names] of wanted) {
      const watched = this.#watches.get(folder)
      if (watched !== undefined) {
        watched.names = names
        continue
      }
      try {
        this.#watchFolder(folder, names)
      } catch (error) {
        this.#fallBack(error)
      }
    }
  }

  /** Stops watching and polling. */
  close(): void {
    this.#closed = true
    for (const watched of this.#watches.values()) closeQuietly(watched.handle)
    this.#watches.clear()
    this.#stopPolling?.()
    this.#stopPolling = undefined
  }

  #watchFolder(folder: string, names: ReadonlySet<string> | undefined): void {
    // Set once the watcher returns: a watcher that called back at once has no handle to match.
    const made: { handle?: FolderWatch } = {}
    const isCurrent = (): boolean =>
      made.handle !== undefined && this.#watches.get(folder)?.handle === made.handle
    const handle = this.#options.watcher.watchFolder(folder, (changed) => {
      // A handle closed since (the chain moved away) has nothing more to say.
      if (!isCurrent()) return
      const wantedNames = this.#watches.get(folder)?.names
      if (
        wantedNames === undefined ||
        changed === null ||
        wantedNames.has(changed) ||
        !existsSync(folder)
      ) {
        this.#options.onEvent()
      }
    })
    made.handle = handle
    this.#watches.set(folder, { handle, names })
    handle.on('error', (error) => {
      closeQuietly(handle)
      if (isCurrent()) this.#watches.delete(folder)
      this.#fallBack(error)
      // Watching is tried again at the next change the polling sees (not at once: a watch that
      // fails at once would spin).
      this.#options.onWatchFailed()
    })
  }

  /** The folder cannot be watched: says so (once per kind of failure) and polls the file. */
  #fallBack(error: unknown): void {
    if (this.#closed) return
    const { label, logger, path, pollMs, watcher, onEvent } = this.#options
    const why = describeFailure(error)
    if (!this.#warnedFailures.has(why)) {
      this.#warnedFailures.add(why)
      warnSafely(
        logger,
        `toolpipe: settings file ${label} cannot be watched (${why}); it is polled every ${pollMs} ms instead`,
      )
    }
    if (this.#stopPolling !== undefined) return
    try {
      this.#stopPolling = watcher.poll(path, pollMs, onEvent)
    } catch (pollError) {
      warnSafely(
        logger,
        `toolpipe: settings file ${label} cannot be polled either (${describeFailure(pollError)}); it is read again only when toolpipe writes it`,
      )
    }
  }
}

/** `EMFILE`, or the error's message when it has no code. */
function describeFailure(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code
  if (typeof code === 'string') return code
  return error instanceof Error ? error.message : String(error)
}

/**
 * The folders to watch for `path`, each with the entries in it that matter: the folder of each
 * entry of its link chain, or that folder's nearest existing ancestor (any event there).
 */
function wantedFolders(path: string): Map<string, ReadonlySet<string> | undefined> {
  const wanted = new Map<string, Set<string> | undefined>()
  for (const { folder, name } of linkChainOf(path)) {
    const existing = nearestExisting(folder)
    if (existing !== folder) {
      wanted.set(existing, undefined)
      continue
    }
    if (!wanted.has(folder)) wanted.set(folder, new Set())
    wanted.get(folder)?.add(name)
  }
  return wanted
}

function nearestExisting(folder: string): string {
  let existing = folder
  while (!existsSync(existing) && dirname(existing) !== existing) existing = dirname(existing)
  return existing
}

function closeQuietly(handle: FolderWatch): void {
  try {
    handle.close()
  } catch {
    // Already closed, or broken: nothing more to stop.
  }
}
