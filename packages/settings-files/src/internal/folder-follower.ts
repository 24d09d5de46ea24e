import { existsSync } from 'node:fs'
import { basename, dirname } from 'node:path'
import { warnSafely } from '@toolpipe/core/internal'
import type { FolderWatch, SettingsFileWatcher } from '../settings-file-watcher.js'
import type { SettingsFileLogger } from '../settings-file-logger.js'

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

/**
 * Follows a settings file's folder through `fs.watch` (or its nearest existing ancestor until the
 * folder exists, and again after it is removed), and falls back to polling the file when the
 * folder cannot be watched (`fs.watch` throws EMFILE, ENOSPC, EACCES, or its watch emits
 * `'error'`): each kind of failure is warned once with the file's label. Watching is tried again
 * at each change, so a watch that works later is used again.
 */
export class FolderFollower {
  readonly #options: FolderFollowerOptions
  readonly #folder: string
  readonly #name: string
  readonly #warnedFailures = new Set<string>()
  #watch: FolderWatch | undefined
  #watchedFolder: string | undefined
  #stopPolling: (() => void) | undefined
  #closed = false

  constructor(options: FolderFollowerOptions) {
    this.#options = options
    this.#folder = dirname(options.path)
    this.#name = basename(options.path)
  }

  /** Watches the file's folder, or its nearest existing ancestor until the folder exists. */
  arm(): void {
    if (this.#closed) return
    let target = this.#folder
    while (!existsSync(target) && dirname(target) !== target) target = dirname(target)
    if (target === this.#watchedFolder && this.#watch !== undefined) return
    this.#unwatch()
    try {
      this.#watch = this.#watchFolder(target)
      this.#watchedFolder = target
    } catch (error) {
      this.#fallBack(error)
    }
  }

  /** Stops watching and polling. */
  close(): void {
    this.#closed = true
    this.#unwatch()
    this.#stopPolling?.()
    this.#stopPolling = undefined
  }

  #watchFolder(target: string): FolderWatch {
    const onFile = target === this.#folder
    const handle = this.#options.watcher.watchFolder(target, (changed) => {
      if (!onFile || changed === null || changed === this.#name || !existsSync(this.#folder)) {
        this.#options.onEvent()
      }
    })
    handle.on('error', (error) => {
      closeQuietly(handle)
      if (this.#watch === handle) {
        this.#watch = undefined
        this.#watchedFolder = undefined
      }
      this.#fallBack(error)
      // Watching is tried again at the next change the polling sees (not at once: a watch that
      // fails at once would spin).
      this.#options.onWatchFailed()
    })
    return handle
  }

  #unwatch(): void {
    if (this.#watch !== undefined) closeQuietly(this.#watch)
    this.#watch = undefined
    this.#watchedFolder = undefined
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

function closeQuietly(handle: FolderWatch): void {
  try {
    handle.close()
  } catch {
    // Already closed, or broken: nothing more to stop.
  }
}
