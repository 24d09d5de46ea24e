import { warnSafely } from '@toolpipe/core/internal'
import { describeInvalidSettings, readSettingsFile } from '../read-settings-file.js'
import type { SettingsFileFormat } from '../read-settings-file.js'
import type { SettingsFileLogger } from '../settings-file-logger.js'

/** What a {@link SettingsFileReading} reads, and whom it tells. */
export interface SettingsFileReadingOptions {
  readonly path: string
  readonly format: SettingsFileFormat
  readonly label: string
  readonly logger: SettingsFileLogger
  readonly onChange: (value: unknown) => void
  readonly onInvalid: ((description: string) => void) | undefined
  /** What the warning about a file that does not parse says follows. */
  readonly consequence: string
}

/**
 * The content in force of one settings file, and what reading it again tells (SPEC §18.3): a
 * changed file's value to `onChange`, a missing file as `undefined`; a file that does not parse
 * is warned about once per distinct problem and leaves the previous content in force (or, with
 * `onInvalid`, is told there, and the next good read is told to `onChange` even when its text
 * is the one in force before).
 */
export class SettingsFileReading {
  readonly #options: SettingsFileReadingOptions
  /** The text in force: `undefined` for a missing file, `null` before the first read. */
  #last: string | undefined | null = null
  /** The problem last warned about, while the file is broken. */
  #warnedText: string | undefined

  constructor(options: SettingsFileReadingOptions) {
    this.#options = options
  }

  /** Reads the file now and tells what changed. */
  refresh(): void {
    const { path, format, label, logger, onChange, onInvalid, consequence } = this.#options
    const content = readSettingsFile(path, format)
    if (content.kind === 'invalid') {
      const text = describeInvalidSettings(label, content)
      if (text === this.#warnedText) return
      this.#warnedText = text
      warnSafely(logger, `toolpipe: settings file ${text}; ${consequence}`)
      if (onInvalid !== undefined) onInvalid(text)
      else if (this.#last === null) {
        this.#last = undefined
        onChange(undefined)
      }
      return
    }
    const wasInvalid = this.#warnedText !== undefined
    this.#warnedText = undefined
    const text = content.kind === 'ok' ? content.text : undefined
    // After onInvalid, the good content must be told again, even when it is the one before.
    if (this.#last !== null && text === this.#last && !(wasInvalid && onInvalid !== undefined)) {
      return
    }
    this.#last = text
    onChange(content.kind === 'ok' ? content.value : undefined)
  }
}
