import type { SettingsSourceKind as SourceKind } from '@toolpipe/settings-files'
import type { RuleOrigin } from './compiled-rule.js'

/** The content of one source, as read. */
export interface LoadedSource {
  readonly kind: SourceKind
  /** The file (absolute), or undefined for settings given in code. */
  readonly path: string | undefined
  readonly label: string
  readonly format: 'settings' | 'gemini'
  /** The parsed file or the settings object; undefined: an empty source. */
  readonly value: unknown
  /** A managed file that exists but cannot be read or parsed: `label: line L, column C: why`. */
  readonly unreadable?: string | undefined
}

/** Where relative rules resolve. */
export interface RuleContext {
  readonly projectRoot: string
  readonly cwd: string
  readonly home: string
}

/** A rule or setting that was ignored (or, with `kept`, kept but worth a word), and why. */
export interface RuleWarning {
  readonly origin: RuleOrigin
  /** `permissions.allow[3]`, `[[rule]] 2`, `permissions.defaultMode`. */
  readonly where: string
  readonly message: string
  /** The rule stays in force; the message says how. */
  readonly kept?: true
}
