import { existsSync, watch } from 'node:fs'
import type { FSWatcher } from 'node:fs'
import { basename, dirname } from 'node:path'
import { describeInvalidSettings, readSettingsFile } from './read-settings-file.js'
import type { SettingsFileContent, SettingsFileFormat } from './read-settings-file.js'

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
 * never keeps the process alive.
 *
 * @example
 * const watch = watchSettingsFile({ path, format: 'json', logger: console, onChange: (value) => { settings = value } })
 */
export function watchSettingsFile(options: SettingsFileWatchOptions): SettingsFileWatch {
  const { path, format, logger, onChange, onInvalid } = options
  const consequence = options.invalidConsequence ?? 'its previous content stays in force'
  const label = options.label ?? path
  const settleMs = options.settleMs ?? 20
  const folder = dirname(path)
  const name = basename(path)
  let last: string | undefined | null = null // text in force; undefined = missing; null = never read
  let warnedText: string | undefined // the problem last warned about, while the file is broken
  let watcher: FSWatcher | undefined
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
    watcher?.close()
    watcher = undefined
    watchedFolder = undefined
    try {
      const onFile = target === folder
      watcher = watch(target, { persistent: false }, (_event, changed) => {
        if (!onFile || changed === null || changed === name) schedule()
        else if (!existsSync(folder)) schedule()
      })
      watcher.on('error', () => {
        watcher?.close()
        watcher = undefined
        watchedFolder = undefined
        schedule()
      })
      watchedFolder = target
    } catch {
      // Nothing watchable (a permission problem): the content read stays; refresh() still works.
    }
  }

  refresh()
  arm()
  return {
    refresh,
    close() {
      closed = true
      if (timer !== undefined) clearTimeout(timer)
      watcher?.close()
      watcher = undefined
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
