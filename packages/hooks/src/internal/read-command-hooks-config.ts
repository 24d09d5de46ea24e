import { randomUUID } from 'node:crypto'
import { resolve } from 'node:path'
import {
  describeThrown,
  describeType,
  formatJsonPath,
  isPlainArray,
  isPlainObject,
} from '@toolpipe/core/internal'
import { isMode, modes } from '@toolpipe/permissions'
import type { Mode } from '@toolpipe/permissions'
import { sourceKinds } from '@toolpipe/permissions/internal'
import type {
  CommandHooksConfig,
  CommandHooksOptions,
  HookSourceKind,
} from '../command-hooks-config.js'
import { HooksConfigError } from '../hooks-config-error.js'
import type { HooksConfigIssue } from '../hooks-config-error.js'
import type { HooksDialect } from '../hooks-settings.js'
import type { HookGroup } from './hook-group.js'
import { readHooksSettings } from './read-hooks-settings.js'

/** `commandHooks`' arguments, checked once, with their defaults. */
export interface CommandHooksSetup {
  readonly dialect: HooksDialect
  /** Absolute. */
  readonly projectRoot: string
  readonly sessionId: string
  /** What hooks are told when no policy on the registry says the mode. */
  readonly permissionMode: Mode
  readonly transcriptPath: string | undefined
  /** The hooks given in code (the `cli` source). */
  readonly codeGroups: readonly HookGroup[]
  /** Settings files, paths as given (resolved against `projectRoot` when the plugin installs). */
  readonly sources: readonly { readonly kind: HookSourceKind; readonly path: string }[]
}

const dialects: readonly HooksDialect[] = ['claude', 'gemini']

/**
 * Reads and checks `commandHooks(config, options)` (STYLE.md habit 14: a plugin's options are
 * read and checked once). Each field is read once; nothing is kept of the caller's objects.
 *
 * @throws HooksConfigError listing every issue, config paths from `$`, option paths from `options`
 */
export function readCommandHooksConfig(config: unknown, options: unknown): CommandHooksSetup {
  const issues: HooksConfigIssue[] = []
  const issue = (path: readonly (string | number)[], message: string, root = '$'): void => {
    issues.push({ path: formatJsonPath(path, root), message })
  }
  const given = readObject(config, ['hooks', 'sources'], '$', issues) as CommandHooksConfig
  const chosen = readObject(
    options,
    ['projectRoot', 'sessionId', 'permissionMode', 'transcriptPath', 'dialect'],
    'options',
    issues,
  ) as CommandHooksOptions

  const dialect = chosen.dialect ?? 'claude'
  if (!dialects.includes(dialect))
    issue(['dialect'], `must be "claude" or "gemini", got ${describe(dialect)}`, 'options')
  const projectRoot = chosen.projectRoot ?? process.cwd()
  if (typeof projectRoot !== 'string' || projectRoot === '') {
    issue(['projectRoot'], `must be a non-empty path, got ${describe(projectRoot)}`, 'options')
  }
  const sessionId = chosen.sessionId ?? randomUUID()
  if (typeof sessionId !== 'string')
    issue(['sessionId'], `must be a string, got ${describe(sessionId)}`, 'options')
  const transcriptPath = chosen.transcriptPath
  if (transcriptPath !== undefined && (typeof transcriptPath !== 'string' || transcriptPath === ''))
    issue(
      ['transcriptPath'],
      `must be a non-empty path, got ${describe(transcriptPath)}`,
      'options',
    )
  const permissionMode = chosen.permissionMode ?? 'default'
  if (!isMode(permissionMode)) {
    issue(
      ['permissionMode'],
      `must be one of ${modes.join(', ')}, got ${describe(permissionMode)}`,
      'options',
    )
  }

  const reading = readHooksSettings(given.hooks, {
    dialect: dialects.includes(dialect) ? dialect : 'claude',
    origin: { kind: 'cli' },
    at: ['hooks'],
  })
  issues.push(...reading.issues)

  const sources = readSources(given.sources, issues, issue)
  if (issues.length > 0) throw new HooksConfigError(issues)
  return {
    dialect,
    projectRoot: resolve(projectRoot),
    sessionId,
    permissionMode,
    transcriptPath,
    codeGroups: reading.groups,
    sources,
  }
}

/** The `sources` of the config, each checked; the problems are issues. */
function readSources(
  listed: unknown,
  issues: HooksConfigIssue[],
  issue: (path: readonly (string | number)[], message: string) => void,
): { kind: HookSourceKind; path: string }[] {
  const sources: { kind: HookSourceKind; path: string }[] = []
  if (listed !== undefined && !isPlainArray(listed)) {
    issue(['sources'], `must be an array of { kind, path }, got ${describe(listed)}`)
  } else {
    ;(listed ?? []).forEach((source: unknown, index) => {
      const at = ['sources', index]
      const read = readObject(source, ['kind', 'path'], formatJsonPath(at), issues)
      if (!isPlainObject(source)) return
      const kind = read.kind
      const path = read.path
      let ok = true
      if (!sourceKinds.includes(kind as HookSourceKind)) {
        ok = false
        issue([...at, 'kind'], `must be one of ${sourceKinds.join(', ')}, got ${describe(kind)}`)
      }
      if (typeof path !== 'string' || path === '') {
        ok = false
        issue([...at, 'path'], `must be a settings file path, got ${describe(path)}`)
      }
      if (ok) sources.push({ kind: kind as HookSourceKind, path: path as string })
    })
  }
  return sources
}

/**
 * The known members of an options object, each read once into a fresh object (`undefined`
 * reads as `{}`); an object that is not plain, a member that cannot be read and an unknown
 * member are issues.
 */
function readObject(
  value: unknown,
  known: readonly string[],
  root: string,
  issues: HooksConfigIssue[],
): Record<string, unknown> {
  const copy: Record<string, unknown> = {}
  if (value === undefined) return copy
  if (!isPlainObject(value)) {
    issues.push({ path: root, message: `must be an object, got ${describeType(value)}` })
    return copy
  }
  let keys: string[]
  try {
    keys = Object.keys(value)
  } catch (error) {
    issues.push({ path: root, message: `could not be read: ${describeThrown(error)}` })
    return copy
  }
  for (const key of keys) {
    const path = formatJsonPath([key], root)
    if (!known.includes(key)) {
      issues.push({ path, message: `is not an option (known: ${known.join(', ')})` })
      continue
    }
    try {
      copy[key] = value[key]
    } catch (error) {
      issues.push({ path, message: `could not be read: ${describeThrown(error)}` })
    }
  }
  return copy
}

function describe(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : describeType(value)
}
