import { existsSync } from 'node:fs'
import { basename, dirname } from 'node:path'
import { describeInvalidSettings, readSettingsFile } from './read-settings-file.js'
import type { SettingsFileContent, SettingsFileFormat } from './read-settings-file.js'
import { nodeSettingsFileWatcher } from './settings-file-watcher.js'
import type { FolderWatch, SettingsFileWatcher } from './settings-file-watcher.js'

/** Where a settings source reports a file that does not parse. */
export interface SettingsFileLogger {
  warn(message: string, ...details: unknown[]): void
}

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
 * through editors' write-and-rename, and through its folder being created or removed later. It
 * never keeps the process alive. When the folder cannot be watched (`fs.watch` throws — EMFILE,
 * ENOSPC, EACCES — or its watch emits `'error'`), each kind of failure is warned once with the
 * file's label, and the file is polled (`fs.watchFile`, no watch descriptor needed) every
 * `pollMs` instead, so that a change is still noticed.
 *
 * @example
 * const watch = watchSettingsFile({ path, format: 'json', logger: console, onChange: (value) => { settings = value } })
 */
export function watchSettingsFile(options: SettingsFileWatchOptions): SettingsFileWatch {
  const { path, format, logger, onChange, onInvalid } = options
  const consequence = options.invalidConsequence ?? 'its previous content stays in force'
  const label = options.label ?? path
  const settleMs = options.settleMs ?? 20
  const pollMs = options.pollMs ?? 2_000
  const watcherKind = options.watcher ?? nodeSettingsFileWatcher
  const folder = dirname(path)
  const name = basename(path)
  let last: string | undefined | null = null // text in force; undefined = missing; null = never read
  let warnedText: string | undefined // the problem last warned about, while the file is broken
  let watcher: FolderWatch | undefined
  let stopPolling: (() => void) | undefined
  const warnedFailures = new Set<string>()
  let watchedFolder: string | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  let closed = false

  function refresh(): void {
    if (closed) return
    const content: SettingsFileContent = readSettingsFile(path, format)
    if (content.kind === 'invalid') {
      const text = describeInvalidSettings(label, content)
      if (text === warnedText) return
      warnedText = text
      warnSafely(logger, `toolpipe: settings file ${text}; ${consequence}`)
      if (onInvalid !== undefined) onInvalid(text)
      else if (last === null) {
        last = undefined
        onChange(undefined)
      }
      return
    }
    const wasInvalid = warnedText !== undefined
    warnedText = undefined
    const text = content.kind === 'ok' ? content.text : undefined
    // After onInvalid, the good content must be told again, even when it is the one before.
    if (last !== null && text === last && !(wasInvalid && onInvalid !== undefined)) return
    last = text
    onChange(content.kind === 'ok' ? content.value : undefined)
  }

  function schedule(): void {
    if (closed) return
    if (timer !== undefined) clearTimeout(timer)
    timer = setTimeout(() => {
      timer = undefined
      arm()
      refresh()
    }, settleMs)
    timer.unref()
  }

  /** Watches the file's folder, or its nearest existing ancestor until the folder exists. */
  function arm(): void {
    if (closed) return
    let target = folder
    while (!existsSync(target) && dirname(target) !== target) target = dirname(target)
    if (target === watchedFolder && watcher !== undefined) return
    if (watcher !== undefined) closeQuietly(watcher)
    watcher = undefined
    watchedFolder = undefined
    try {
      const onFile = target === folder
      const handle = watcherKind.watchFolder(target, (changed) => {
        if (!onFile || changed === null || changed === name) schedule()
        else if (!existsSync(folder)) schedule()
      })
      handle.on('error', (error) => {
        closeQuietly(handle)
        if (watcher === handle) {
          watcher = undefined
          watchedFolder = undefined
        }
        fallBack(error)
        // Read now for what the failing watch may have missed; watching is tried again at the
        // next change the polling sees (not at once: a watch that fails at once would spin).
        refresh()
      })
      watcher = handle
      watchedFolder = target
    } catch (error) {
      fallBack(error)
    }
  }

  /**
   * The folder cannot be watched: says so (once per kind of failure) and polls the file instead.
   * Watching is tried again at each change, so a watch that works later is used again.
   */
  function fallBack(error: unknown): void {
    if (closed) return
    const why = describeFailure(error)
    if (!warnedFailures.has(why)) {
      warnedFailures.add(why)
      warnSafely(
        logger,
        `toolpipe: settings file ${label} cannot be watched (${why}); it is polled every ${pollMs} ms instead`,
      )
    }
    if (stopPolling !== undefined) return
    try {
      stopPolling = watcherKind.poll(path, pollMs, schedule)
    } catch (pollError) {
      warnSafely(
        logger,
        `toolpipe: settings file ${label} cannot be polled either (${describeFailure(pollError)}); it is read again only when toolpipe writes it`,
      )
    }
  }

  refresh()
  arm()
  return {
    refresh,
    close() {
      closed = true
      if (timer !== undefined) clearTimeout(timer)
      if (watcher !== undefined) closeQuietly(watcher)
      watcher = undefined
      stopPolling?.()
      stopPolling = undefined
    },
  }
}

function warnSafely(logger: SettingsFileLogger, message: string): void {
  try {
    logger.warn(message)
  } catch {
    // A logger that throws must not stop the reload.
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
