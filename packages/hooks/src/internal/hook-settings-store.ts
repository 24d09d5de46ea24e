import { readFileSync, unwatchFile, watchFile } from 'node:fs'
import type { Stats } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { describeThrown, isPlainObject } from '@toolpipe/core/internal'
import type { HookSourceKind } from '../command-hooks-config.js'
import type { HooksDialect } from '../hooks-settings.js'
import type { HookGroup } from './hook-group.js'
import { describeJsonError } from './json-parse-error.js'
import { readHooksSettings } from './read-hooks-settings.js'

/** Sources by precedence, highest first (SPEC §18.3). */
const precedence: readonly HookSourceKind[] = ['managed', 'cli', 'local', 'project', 'user']

/** How often a settings file is checked for changes. */
const pollIntervalMs = 250

/** One settings file, absolute. */
export interface ResolvedSource {
  readonly kind: HookSourceKind
  readonly path: string
}

/** What one source holds now. */
interface SourceState {
  readonly kind: HookSourceKind
  readonly path?: string | undefined
  groups: readonly HookGroup[]
  /** `allowManagedHooksOnly: true` (a managed file only). */
  managedOnly: boolean
  /** `disableAllHooks: true`. */
  disableAll: boolean
  /** The text last read, so that a check that finds the same text does nothing. */
  text?: string | undefined
}

/**
 * The hooks in force: the ones given in code (the `cli` source) and the `hooks` of each settings
 * file, merged by precedence (managed, cli, local, project, user), watched. A file is read when
 * the store opens (so the first call already sees its hooks) and again whenever it changes; a
 * changed file takes effect for calls that start afterwards. A file that does not parse keeps its
 * previous hooks in force and is reported once (with line and column); a missing file holds no
 * hooks; an entry that is not a usable hook is reported with its JSON path and skipped.
 *
 * As in Claude Code, a managed file may say `allowManagedHooksOnly: true` (then only managed
 * hooks run) and any file `disableAllHooks: true` (in a managed file: no hooks at all; in any
 * other: none but the managed ones).
 */
export class HookSettingsStore {
  readonly #states: SourceState[]
  readonly #dialect: HooksDialect
  readonly #warn: (message: string) => void
  readonly #watched: { path: string; listener: (current: Stats, previous: Stats) => void }[] = []
  #closed = false
  #merged: readonly HookGroup[] = []

  constructor(options: {
    readonly codeGroups: readonly HookGroup[]
    readonly sources: readonly ResolvedSource[]
    readonly dialect: HooksDialect
    readonly warn: (message: string) => void
  }) {
    this.#dialect = options.dialect
    this.#warn = options.warn
    const code: SourceState = {
      kind: 'cli',
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
    this.#states = [code, ...files].sort(
      (left, right) => precedence.indexOf(left.kind) - precedence.indexOf(right.kind),
    )
    for (const state of files) {
      this.#apply(state, readNow(state.path!))
      const listener = (): void => {
        void this.#reload(state)
      }
      watchFile(state.path!, { interval: pollIntervalMs, persistent: false }, listener)
      this.#watched.push({ path: state.path!, listener })
    }
    this.#merge()
  }

  /** The hook groups in force now, highest precedence first. */
  groups(): readonly HookGroup[] {
    return this.#merged
  }

  /** Stops watching the files. */
  close(): void {
    this.#closed = true
    for (const { path, listener } of this.#watched) unwatchFile(path, listener)
  }

  async #reload(state: SourceState): Promise<void> {
    let text: string | Unreadable | undefined
    try {
      text = await readFile(state.path!, 'utf8')
    } catch (error) {
      text = missing(error) ? undefined : unreadable(error)
    }
    if (this.#closed) return
    this.#apply(state, text)
    this.#merge()
  }

  /** Takes the text read from a file (`undefined`: there is no file). */
  #apply(state: SourceState, text: string | Unreadable | undefined): void {
    if (text instanceof Unreadable) {
      this.#warn(
        `@toolpipe/hooks: cannot read ${state.path!}: ${text.message}; its previous hooks stay in force`,
      )
      return
    }
    if (text === state.text) return
    state.text = text
    if (text === undefined) {
      state.groups = []
      state.managedOnly = false
      state.disableAll = false
      return
    }
    let settings: unknown
    try {
      settings = JSON.parse(text)
    } catch {
      this.#warn(
        `@toolpipe/hooks: ${state.path!} is not JSON (${describeJsonError(text)}); its previous hooks stay in force`,
      )
      return
    }
    if (!isPlainObject(settings)) {
      this.#warn(
        `@toolpipe/hooks: ${state.path!} is not a settings object; its previous hooks stay in force`,
      )
      return
    }
    const reading = readHooksSettings(settings.hooks, {
      dialect: this.#dialect,
      origin: { kind: state.kind, path: state.path },
      at: ['hooks'],
    })
    for (const issue of reading.issues) {
      this.#warn(`@toolpipe/hooks: ${state.path!} ${issue.path}: ${issue.message}; skipped`)
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

/** A file that exists but could not be read. */
class Unreadable {
  constructor(readonly message: string) {}
}

function readNow(path: string): string | Unreadable | undefined {
  try {
    return readFileSync(path, 'utf8')
  } catch (error) {
    return missing(error) ? undefined : unreadable(error)
  }
}

function missing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === 'ENOENT' || code === 'ENOTDIR'
}

function unreadable(error: unknown): Unreadable {
  return new Unreadable(describeThrown(error))
}
