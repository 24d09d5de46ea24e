import { homedir } from 'node:os'
import { isAbsolute, join, relative, resolve } from 'node:path'
import type { Agent } from '@toolpipe/core'
import { describeValue } from '@toolpipe/core/internal'
import type { ToolRegistryLogger, ToolRules } from '@toolpipe/tools'
import {
  isPermissionMode as isMode,
  settingsSourceKinds as sourceKinds,
} from '@toolpipe/settings-files'
import type {
  PermissionMode as Mode,
  PermissionSettingsFile as Settings,
  SettingsSourceKind as SourceKind,
} from '@toolpipe/settings-files'
import { PermissionsError } from '../permissions-error.js'
import type { PermissionsOptions } from '../permissions-options.js'

/** One source, checked and resolved. */
export interface SourceSpec {
  readonly kind: SourceKind
  /** Absolute; undefined for settings given in code. */
  readonly path: string | undefined
  readonly label: string
  readonly format: 'settings' | 'gemini'
  readonly settings?: Settings | undefined
}

/** `permissions()`'s options, read and checked once. */
export interface PermissionsConfig {
  readonly projectRoot: string
  readonly cwd: string
  readonly home: string
  /** Highest precedence first. */
  readonly sources: readonly SourceSpec[]
  readonly tools: ReadonlyMap<string, ToolRules>
  readonly mode: Mode | undefined
  readonly scope: Agent | undefined
  /** The file always-answers go to (one of `sources`). */
  readonly persistTo: SourceSpec
  readonly logger: ToolRegistryLogger | undefined
}

function fail(message: string): never {
  throw new PermissionsError(`permissions: ${message}`, 'INVALID_OPTIONS')
}

/** Checks `permissions()`'s options; throws {@link PermissionsError} naming the first bad one. */
export function readOptions(options: PermissionsOptions): PermissionsConfig {
  if (typeof options !== 'object' || (options as unknown) === null)
    fail(`options must be an object, got ${describeValue(options)}`)
  const { projectRoot } = options
  if (typeof projectRoot !== 'string' || !isAbsolute(projectRoot)) {
    fail(`projectRoot must be an absolute path, got ${describeValue(projectRoot)}`)
  }
  const home = options.home ?? homedir()
  if (typeof home !== 'string' || !isAbsolute(home))
    fail(`home must be an absolute path, got ${describeValue(home)}`)
  const root = resolve(projectRoot)
  const cwd =
    options.cwd === undefined
      ? root
      : typeof options.cwd === 'string'
        ? resolve(root, options.cwd)
        : fail(`cwd must be a path, got ${describeValue(options.cwd)}`)
  if (options.mode !== undefined && !isMode(options.mode))
    fail(
      `mode must be one of default, acceptEdits, plan, dontAsk, bypassPermissions, got ${describeValue(options.mode)}`,
    )
  const persistKind: unknown = options.persistTo ?? 'local'
  if (persistKind !== 'local' && persistKind !== 'project' && persistKind !== 'user') {
    fail(`persistTo must be "local", "project" or "user", got ${describeValue(options.persistTo)}`)
  }
  const label = (path: string) => {
    const inside = relative(root, path)
    return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside) ? inside : path
  }
  const specs: SourceSpec[] = []
  const given = options.sources ?? []
  if (!Array.isArray(given)) fail(`sources must be an array, got ${describeValue(given)}`)
  given.forEach((source: unknown, index) => {
    const where = `sources[${index}]`
    if (typeof source !== 'object' || source === null)
      fail(`${where} must be an object, got ${describeValue(source)}`)
    const { kind, path, format, settings } = source as Record<string, unknown>
    if (typeof kind !== 'string' || !(sourceKinds as readonly string[]).includes(kind)) {
      fail(`${where}.kind must be one of ${sourceKinds.join(', ')}, got ${describeValue(kind)}`)
    }
    if (settings !== undefined) {
      if (kind !== 'cli') fail(`${where}: settings in code are a "cli" source`)
      if (typeof settings !== 'object' || settings === null)
        fail(`${where}.settings must be an object`)
      specs.push({
        kind: 'cli',
        path: undefined,
        label: 'cli settings',
        format: 'settings',
        settings: settings,
      })
      return
    }
    if (typeof path !== 'string' || path === '')
      fail(`${where}.path must be a file path, got ${describeValue(path)}`)
    if (format !== undefined && format !== 'settings' && format !== 'gemini') {
      fail(`${where}.format must be "settings" or "gemini", got ${describeValue(format)}`)
    }
    const absolute =
      path === '~' || path.startsWith('~/') ? join(home, path.slice(1)) : resolve(root, path)
    specs.push({
      kind: kind as SourceKind,
      path: absolute,
      label: label(absolute),
      format: format ?? (absolute.endsWith('.toml') ? 'gemini' : 'settings'),
    })
  })
  let persistTo = specs.find(
    (spec) => spec.kind === persistKind && spec.path !== undefined && spec.format === 'settings',
  )
  if (persistTo === undefined) {
    const path =
      persistKind === 'user'
        ? join(home, '.toolpipe', 'settings.json')
        : join(root, '.toolpipe', persistKind === 'local' ? 'settings.local.json' : 'settings.json')
    persistTo = { kind: persistKind, path, label: label(path), format: 'settings' }
    specs.push(persistTo)
  }
  specs.sort((a, b) => sourceKinds.indexOf(a.kind) - sourceKinds.indexOf(b.kind))
  const tools = new Map<string, ToolRules>()
  if (options.tools !== undefined) {
    if (typeof options.tools !== 'object' || (options.tools as unknown) === null)
      fail('tools must be an object of ToolRules by tool name')
    for (const [name, rules] of Object.entries(options.tools)) {
      if (typeof rules !== 'object' || (rules as unknown) === null)
        fail(`tools.${name} must be an object`)
      if (
        rules.ruleName !== undefined &&
        (typeof rules.ruleName !== 'string' || rules.ruleName === '')
      )
        fail(`tools.${name}.ruleName must be a non-empty string`)
      if (rules.subjects !== undefined && typeof rules.subjects !== 'function')
        fail(`tools.${name}.subjects must be a function`)
      tools.set(name, rules)
    }
  }
  if (options.logger !== undefined && typeof options.logger.warn !== 'function')
    fail('logger must have a warn function')
  return {
    projectRoot: root,
    cwd,
    home,
    sources: specs,
    tools,
    mode: options.mode,
    scope: options.scope,
    persistTo,
    logger: options.logger,
  }
}
