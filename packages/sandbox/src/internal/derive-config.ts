import type { SandboxRuntimeConfig } from '@anthropic-ai/sandbox-runtime'
import { describeThrown, warnSafely } from '@toolpipe/core/internal'
import { SandboxError } from '../sandbox-error.js'
import type { SandboxRuleView } from '../sandbox-options.js'
import { runtimeDefaultDenials } from './default-write-paths.js'
import type { SandboxConfig } from './read-options.js'
import { hasWildcard } from './path-glob.js'
import { runtimeConfig } from './runtime-config.js'
import type { RuntimeFiles } from './runtime-files.js'
import type { SettingsInForce } from './settings-in-force.js'
import { defaultGlobSearchLimits, writeDenyMatches } from './write-deny-globs.js'
import type { GlobSearchLimits } from './write-deny-globs.js'

/**
 * The runtime configuration a run starts under (SPEC §23): the settings in force, the rules (read
 * again for each run), every source file, and — where the runtime cannot deny writes by pattern
 * (Linux) — each write-deny pattern's existing matches by literal path, searched again for each
 * run, so a file made since is denied from the next run on. New files matching a pattern cannot
 * be denied there; the runtime's warning about each pattern says so (`SrtSession`). What the
 * runtime makes writable of its own accord is write-denied (`runtimeDefaultDenials`), and so is
 * each file of the runtime's own package its wrapped line runs, where a command could write it
 * (`RuntimeFiles`).
 */
export class ConfigDeriver {
  readonly #config: SandboxConfig
  readonly #settings: SettingsInForce
  readonly #limits: GlobSearchLimits
  readonly #searchPatterns: boolean
  readonly #runtimeFiles: RuntimeFiles | undefined
  readonly #warned = new Set<string>()

  constructor(
    config: SandboxConfig,
    settings: SettingsInForce,
    options: {
      limits?: GlobSearchLimits
      searchPatterns?: boolean
      runtimeFiles?: RuntimeFiles
    } = {},
  ) {
    this.#config = config
    this.#settings = settings
    this.#limits = options.limits ?? defaultGlobSearchLimits
    this.#searchPatterns = options.searchPatterns ?? process.platform === 'linux'
    this.#runtimeFiles = options.runtimeFiles
  }

  /**
   * The config from what is in force now; the rules left out where `withRules` is false. `signal`
   * ends the search for the write-deny patterns' matches, rejecting with its reason.
   */
  async derive(withRules: boolean, signal?: AbortSignal): Promise<SandboxRuntimeConfig> {
    const settings = this.#settings.current
    const rules = withRules ? this.#rules() : undefined
    const { projectRoot, sourceFiles } = this.#config
    const denied = [...sourceFiles]
    // A match whose own name holds a wildcard character (`app/[id]/page.ts`) is marked literal:
    // given as a string, the runtime would read it as a pattern too.
    let named: string[] = []
    if (this.#searchPatterns) {
      const found = await writeDenyMatches(
        [...settings.denyWrite, ...(rules?.denyWrite ?? [])],
        [projectRoot, ...settings.allowWrite, ...(rules?.allowWrite ?? [])],
        this.#limits,
        signal,
      )
      denied.push(...found.paths.filter((path) => !hasWildcard(path)))
      named = found.paths.filter(hasWildcard)
      for (const { pattern, folder } of found.overflowed) this.#warnOverflow(pattern, folder)
    }
    const config = runtimeConfig(projectRoot, settings, rules, denied, sourceFiles, (message) => {
      this.#warnOnce(message)
    })
    config.filesystem.denyWrite.push(...named.map((path) => ({ path, literal: true as const })))
    config.filesystem.denyWrite.push(...(this.#runtimeFiles?.exposedIn(config) ?? []))
    config.filesystem.denyWrite.push(...runtimeDefaultDenials(config.filesystem.allowWrite))
    return config
  }

  #rules(): SandboxRuleView | undefined {
    const source = this.#config.rules
    if (source === undefined) return undefined
    try {
      return readRuleView(source.sandboxRules())
    } catch (error) {
      throw new SandboxError(
        `sandbox: the rules could not be read, so no command runs: ${describeThrown(error)}`,
        'SANDBOX_UNAVAILABLE',
        { cause: error },
      )
    }
  }

  /** Warns `message` the first time it is said (git's configs are read again for every run). */
  #warnOnce(message: string): void {
    if (this.#warned.has(message)) return
    this.#warned.add(message)
    warnSafely(this.#config.logger, message)
  }

  #warnOverflow(pattern: string, folder: string): void {
    if (this.#warned.has(pattern)) return
    this.#warned.add(pattern)
    const { maxMatches, maxEntries, maxFolders, maxMs } = this.#limits
    warnSafely(
      this.#config.logger,
      `toolpipe: sandbox: the write-deny pattern ${pattern} could not be searched within its limits (${String(maxMatches)} matches, ${String(maxEntries)} entries, ${String(maxFolders)} folders, ${String(maxMs)} ms), so ${folder} is write-denied whole instead`,
    )
  }
}

/** A rule view as given, its lists kept to their strings (a hostile plugin's junk left out). */
function readRuleView(view: unknown): SandboxRuleView {
  const member = (name: keyof SandboxRuleView): string[] => {
    const list: unknown = (view as Record<string, unknown> | null | undefined)?.[name]
    return Array.isArray(list)
      ? list.filter((entry): entry is string => typeof entry === 'string')
      : []
  }
  return {
    allowWrite: member('allowWrite'),
    denyWrite: member('denyWrite'),
    denyRead: member('denyRead'),
    allowedDomains: member('allowedDomains'),
    deniedDomains: member('deniedDomains'),
  }
}
