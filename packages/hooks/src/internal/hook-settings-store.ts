import { isPlainObject } from '@toolpipe/core/internal'
import { compareSettingsSourceKinds, watchSettingsFile } from '@toolpipe/settings-files'
import type { SettingsFileWatch } from '@toolpipe/settings-files'
import type { HookSourceKind } from '../command-hooks-options.js'
import type { HookClock } from '../hook-clock.js'
import type { HooksDialect } from '../hooks-settings.js'
import type { HookGroup } from './hook-group.js'
import { readHooksSettings } from './read-hooks-settings.js'

/** One settings file, absolute. */
export interface ResolvedSource {
  readonly kind: HookSourceKind
  readonly path: string
}

/** What one source holds now. */
interface SourceState {
  readonly kind: HookSourceKind
  /** The settings file; `cli` for the hooks given in code. */
  readonly path: string
  groups: readonly HookGroup[]
  /** `allowManagedHooksOnly: true` (a managed file only). */
  managedOnly: boolean
  /** `disableAllHooks: true`. */
  disableAll: boolean
}

/**
 * The hooks in force: the ones given in code (the `cli` source) and the `hooks` of each settings
 * file, merged by precedence (managed, cli, local, project, user; SPEC §18.3), watched through
 * `@toolpipe/settings-files`' watcher, the one the permission rules use. A file is
 * read when the store opens (so the first call already sees its hooks) and again whenever it
 * changes; a changed file takes effect for calls that start afterwards. A file that does not
 * parse keeps its previous hooks in force and is reported once (with line and column); a
 * missing file holds no hooks; an entry that is not a usable hook is reported with its JSON path
 * and skipped.
 *
 * As in Claude Code, a managed file may say `allowManagedHooksOnly: true` (then only managed
 * hooks run) and any file `disableAllHooks: true` (in a managed file: no hooks at all; in any
 * other: none but the managed ones).
 */
export class HookSettingsStore {
  readonly #states: SourceState[]
  readonly #dialect: HooksDialect
  readonly #warn: (message: string) => void
  readonly #watches: SettingsFileWatch[] = []
  #merged: readonly HookGroup[] = []

  constructor(options: {
    readonly codeGroups: readonly HookGroup[]
    readonly sources: readonly ResolvedSource[]
    readonly dialect: HooksDialect
    /** The timers file changes settle with (default: the watch's own). */
    readonly clock?: HookClock | undefined
    readonly warn: (message: string) => void
  }) {
    this.#dialect = options.dialect
    this.#warn = options.warn
    const code: SourceState = {
      kind: 'cli',
      path: 'cli',
      groups: options.codeGroups,
      managedOnly: false,
      disableAll: false,
    }
    const files = options.sources.map((source): SourceState => ({
      kind: source.kind,
      path: source.path,
      groups: [],
      managedOnly: false,
      disableAll: false,
    }))
    // Stable: sources of one kind keep the order they were given in.
    this.#states = [code, ...files].sort((left, right) =>
      compareSettingsSourceKinds(left.kind, right.kind),
    )
    const logger = {
      warn: (message: string) => {
        this.#warn(message)
      },
    }
    for (const state of files) {
      this.#watches.push(
        watchSettingsFile({
          path: state.path,
          format: 'json',
          logger,
          clock: options.clock,
          onChange: (value) => {
            this.#apply(state, value)
            this.#merge()
          },
        }),
      )
    }
    this.#merge()
  }

  /** The hook groups in force now, highest precedence first. */
  groups(): readonly HookGroup[] {
    return this.#merged
  }

  /** Stops watching the files. */
  close(): void {
    for (const watch of this.#watches) watch.close()
  }

  /** Takes a file's new content (`undefined`: there is no file). */
  #apply(state: SourceState, settings: unknown): void {
    if (settings === undefined) {
      state.groups = []
      state.managedOnly = false
      state.disableAll = false
      return
    }
    if (!isPlainObject(settings)) {
      this.#warn(
        `@toolpipe/hooks: settings file ${state.path} is not an object; its previous hooks stay in force`,
      )
      return
    }
    const reading = readHooksSettings(settings.hooks, {
      dialect: this.#dialect,
      origin: { kind: state.kind, path: state.path },
      at: ['hooks'],
    })
    for (const issue of reading.issues) {
      this.#warn(
        `@toolpipe/hooks: settings file ${state.path} ${issue.path}: ${issue.message}; skipped`,
      )
    }
    state.groups = reading.groups
    state.managedOnly = state.kind === 'managed' && settings.allowManagedHooksOnly === true
    state.disableAll = settings.disableAllHooks === true
  }

  #merge(): void {
    const managed = this.#states.filter((state) => state.kind === 'managed')
    if (managed.some((state) => state.disableAll)) {
      this.#merged = []
      return
    }
    const managedOnly =
      managed.some((state) => state.managedOnly) ||
      this.#states.some((state) => state.kind !== 'managed' && state.disableAll)
    this.#merged = (managedOnly ? managed : this.#states).flatMap((state) => state.groups)
  }
}
