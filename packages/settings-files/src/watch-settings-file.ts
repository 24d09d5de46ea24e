import { describeThrown, warnSafely } from '@toolpipe/core/internal'
import { FolderFollower } from './internal/folder-follower.js'
import { SettingsFileReading } from './internal/settings-file-reading.js'
import type { SettingsFileFormat } from './read-settings-file.js'
import { nodeSettingsFileClock } from './settings-file-clock.js'
import type { SettingsFileClock } from './settings-file-clock.js'
import type { SettingsFileLogger } from './settings-file-logger.js'
import { nodeSettingsFileWatcher } from './settings-file-watcher.js'
import type { SettingsFileWatcher } from './settings-file-watcher.js'

/** Options of {@link watchSettingsFile}. */
export interface SettingsFileWatchOptions {
  /** The file, absolute. It need not exist, nor its folder. */
  readonly path: string
  readonly format: SettingsFileFormat
  readonly logger: SettingsFileLogger
  /** How warnings name the file (default: `path`), e.g. relative to the project root. */
  readonly label?: string | undefined
  /**
   * Told of the file's content when it is first read and whenever it changed: the parsed value,
   * or `undefined` when the file is missing (an empty source). Not told of a file that does not
   * parse: the previous content stays in force, and one warning with line and column is logged.
   */
  readonly onChange: (value: unknown) => void
  /**
   * For a source whose broken file must not keep its previous content (a managed source): told,
   * instead of nothing, when the file exists but cannot be read or does not parse, with its
   * description (`label: line 3, column 8: ValueExpected`), once per distinct problem. The next
   * good read is then told to `onChange`, even when its text is the one in force before.
   */
  readonly onInvalid?: ((description: string) => void) | undefined
  /**
   * What the warning about a file that does not parse says follows (default: "its previous
   * content stays in force").
   */
  readonly invalidConsequence?: string | undefined
  /** How long to let a burst of file events settle before reading, in ms (default 20). */
  readonly settleMs?: number | undefined
  /** How often to poll the file when it cannot be watched, in ms (default 2 000). */
  readonly pollMs?: number | undefined
  /** How the file is watched (default: `fs.watch`, and `fs.watchFile` to poll). */
  readonly watcher?: SettingsFileWatcher | undefined
  /** The timers events settle with (default: the global ones, unreferenced). */
  readonly clock?: SettingsFileClock | undefined
}

/** A settings file being watched. */
export interface SettingsFileWatch {
  /** Reads the file again now (after writing it, say); tells `onChange` if it changed. */
  refresh(): void
  /** Stops watching. */
  close(): void
}

/**
 * Reads a settings file now (synchronously, telling `onChange` before returning) and again
 * whenever it changes (SPEC §18.3): a changed file is re-read and takes effect for calls that
 * start afterwards; a file that does not parse leaves the previous content in force and logs one
 * warning with line and column; a missing file is an empty source. The watch follows the file
 * through editors' write-and-rename, through its folder being created or removed later, and
 * through symbolic links (SPEC §26): an edit of the file a link (or chain of links) leads to, and
 * a link repointed, are heard. It never keeps the process alive. When the folder cannot be watched (`fs.watch` throws — EMFILE,
 * ENOSPC, EACCES — or its watch emits `'error'`), each kind of failure is warned once with the
 * file's label, and the file is polled (`fs.watchFile`, no watch descriptor needed) every
 * `pollMs` instead, so that a change is still noticed. What a timer or a watch's event reads
 * never throws: a failure there (an `onChange` that throws) is warned, and the watch goes on.
 *
 * @example
 * const watch = watchSettingsFile({ path, format: 'json', logger: console, onChange: (value) => { settings = value } })
 */
export function watchSettingsFile(options: SettingsFileWatchOptions): SettingsFileWatch {
  const { path, logger } = options
  const label = options.label ?? path
  const settleMs = options.settleMs ?? 20
  const clock = options.clock ?? nodeSettingsFileClock
  const reading = new SettingsFileReading({
    path,
    format: options.format,
    label,
    logger,
    onChange: options.onChange,
    onInvalid: options.onInvalid,
    consequence: options.invalidConsequence ?? 'its previous content stays in force',
  })
  let timer: unknown
  let closed = false
  const refresh = (): void => {
    if (!closed) reading.refresh()
  }
  const refreshQuietly = (rearm: boolean): void => {
    withoutThrowing(logger, label, () => {
      if (rearm) follower.arm()
      refresh()
    })
  }
  const follower = new FolderFollower({
    path,
    label,
    logger,
    pollMs: options.pollMs ?? 2_000,
    watcher: options.watcher ?? nodeSettingsFileWatcher,
    onEvent: () => {
      if (closed) return
      if (timer !== undefined) clock.clearTimeout(timer)
      timer = clock.setTimeout(() => {
        timer = undefined
        refreshQuietly(true)
      }, settleMs)
    },
    onWatchFailed: () => {
      refreshQuietly(false)
    },
  })
  refresh()
  follower.arm()
  return {
    refresh,
    close() {
      closed = true
      if (timer !== undefined) clock.clearTimeout(timer)
      follower.close()
    },
  }
}

/**
 * Runs what a timer or a watch's event runs, which has no caller to throw to: a throw there (an
 * `onChange` that throws, say) would be an uncaught exception that ends the process. It is warned.
 */
function withoutThrowing(logger: SettingsFileLogger, label: string, run: () => void): void {
  try {
    run()
  } catch (error) {
    warnSafely(
      logger,
      `toolpipe: settings file ${label}: reading it again failed (${describeThrown(error)}); the watch goes on`,
    )
  }
}
