import { dirname, isAbsolute, join, resolve } from 'node:path'
import { isPlainObject, warnSafely } from '@toolpipe/core/internal'
import { watchSettingsFile } from '@toolpipe/settings-files'
import type { SettingsFileWatch } from '@toolpipe/settings-files'
import { readSandboxSettings } from '../sandbox-settings.js'
import type { SandboxSettings } from '../sandbox-settings.js'
import type { SandboxConfig } from './read-options.js'
import type { SandboxSourceSpec } from './read-sources.js'

/** The `sandbox` settings of every source merged (SPEC §23): what a run goes by. */
export interface ResolvedSandboxSettings {
  readonly enabled: boolean
  readonly autoAllowBashIfSandboxed: boolean
  readonly allowUnsandboxedCommands: boolean
  readonly excludedCommands: readonly string[]
  readonly allowedDomains: readonly string[]
  readonly deniedDomains: readonly string[]
  readonly allowUnixSockets: readonly string[]
  readonly allowLocalBinding: boolean
  readonly allowAllUnixSockets: boolean
  /** Absolute paths (or patterns), each resolved against its own source. */
  readonly allowWrite: readonly string[]
  readonly denyWrite: readonly string[]
  readonly denyRead: readonly string[]
  readonly allowRead: readonly string[]
}

interface SourceState {
  readonly spec: SandboxSourceSpec
  /** What relative filesystem paths of this source resolve against. */
  readonly base: string
  settings: SandboxSettings
}

/**
 * The sandbox settings in force: the key given in code above every source, the sources in
 * precedence order (`managed`, `cli`, `local`, `project`, `user`), each file watched — a changed
 * file applies to runs that start afterwards, a file that stops parsing keeps its previous
 * value (§18.3). A single value comes from the highest source that sets it; lists are merged
 * across all of them, as Claude Code merges them. A member it cannot use is warned about once.
 */
export class SettingsInForce {
  #current: ResolvedSandboxSettings
  readonly #config: SandboxConfig
  readonly #code: SandboxSettings
  readonly #states: SourceState[]
  readonly #watches: SettingsFileWatch[] = []
  readonly #warned = new Set<string>()
  #ready = false

  constructor(config: SandboxConfig) {
    this.#config = config
    this.#code = this.#read(config.settings, 'settings')
    this.#states = config.sources.map((spec) => ({
      spec,
      base:
        spec.kind === 'user' || spec.kind === 'managed'
          ? dirname(spec.path ?? config.projectRoot)
          : config.projectRoot,
      settings: spec.path === undefined ? this.#read(spec.sandbox, `${spec.label}: sandbox`) : {},
    }))
    for (const state of this.#states) {
      const path = state.spec.path
      if (path === undefined) continue
      this.#watches.push(
        watchSettingsFile({
          path,
          format: 'json',
          label: state.spec.label,
          logger: config.logger,
          onChange: (value) => {
            const sandbox = isPlainObject(value) ? value.sandbox : undefined
            state.settings = this.#read(sandbox, `${state.spec.label}: sandbox`)
            if (this.#ready) this.#current = this.#merge()
          },
        }),
      )
    }
    this.#current = this.#merge()
    this.#ready = true
  }

  get current(): ResolvedSandboxSettings {
    return this.#current
  }

  close(): void {
    for (const watch of this.#watches) watch.close()
  }

  #read(value: unknown, where: string): SandboxSettings {
    const { settings, problems } = readSandboxSettings(value, where)
    for (const problem of problems) {
      if (this.#warned.has(problem)) continue
      this.#warned.add(problem)
      warnSafely(this.#config.logger, `toolpipe: ${problem}`)
    }
    return settings
  }

  #merge(): ResolvedSandboxSettings {
    const { projectRoot, home } = this.#config
    const layers: { settings: SandboxSettings; base: string }[] = [
      { settings: this.#code, base: projectRoot },
      ...this.#states.map((state) => ({ settings: state.settings, base: state.base })),
    ]
    const first = <T>(read: (settings: SandboxSettings) => T | undefined, fallback: T): T => {
      for (const { settings } of layers) {
        const value = read(settings)
        if (value !== undefined) return value
      }
      return fallback
    }
    const all = (read: (settings: SandboxSettings) => readonly string[] | undefined): string[] =>
      unique(layers.flatMap(({ settings }) => read(settings) ?? []))
    const paths = (read: (settings: SandboxSettings) => readonly string[] | undefined): string[] =>
      unique(
        layers.flatMap(({ settings, base }) =>
          (read(settings) ?? []).map((path) => settingsPath(path, base, home)),
        ),
      )
    return {
      enabled: first((s) => s.enabled, true),
      autoAllowBashIfSandboxed: first((s) => s.autoAllowBashIfSandboxed, true),
      allowUnsandboxedCommands: first((s) => s.allowUnsandboxedCommands, true),
      excludedCommands: all((s) => s.excludedCommands),
      allowedDomains: all((s) => s.network?.allowedDomains),
      deniedDomains: all((s) => s.network?.deniedDomains),
      allowUnixSockets: all((s) => s.network?.allowUnixSockets),
      allowLocalBinding: first((s) => s.network?.allowLocalBinding, false),
      allowAllUnixSockets: first((s) => s.network?.allowAllUnixSockets, false),
      allowWrite: paths((s) => s.filesystem?.allowWrite),
      denyWrite: paths((s) => s.filesystem?.denyWrite),
      denyRead: paths((s) => s.filesystem?.denyRead),
      allowRead: paths((s) => s.filesystem?.allowRead),
    }
  }
}

/**
 * A `sandbox.filesystem` path made absolute: `//p` (Claude Code's older spelling) and `/p` as
 * they are, `~/p` under the home folder, `p` and `./p` under the source's base.
 */
export function settingsPath(path: string, base: string, home: string): string {
  if (path.startsWith('//')) return path.slice(1)
  if (path === '~' || path.startsWith('~/')) return join(home, path.slice(1))
  if (isAbsolute(path)) return path
  return resolve(base, path)
}

function unique(list: readonly string[]): string[] {
  return [...new Set(list)]
}
