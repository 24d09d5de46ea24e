import { homedir } from 'node:os'
import { isAbsolute, join, relative, resolve } from 'node:path'
import type { Agent } from '@toolpipe/core'
import {
  describeThrown,
  describeValue,
  formatJsonPath,
  isPlainArray,
  readOptionMember,
  readPluginOptions,
} from '@toolpipe/core/internal'
import type { PluginOptionsReader } from '@toolpipe/core/internal'
import type { ToolRegistryLogger, ToolRules } from '@toolpipe/tools'
import { isPermissionMode as isMode, permissionModes as modes } from '@toolpipe/settings-files'
import type { PermissionMode as Mode } from '@toolpipe/settings-files'
import { PermissionsError } from '../permissions-error.js'
import { snapshotCodeSettings } from './code-settings.js'
import type { OptionPath, RefuseOption } from './code-settings.js'
import type { PermissionsOptions, PermissionsSandbox } from '../permissions-options.js'
import type { PermissionSettingsFile as Settings } from '@toolpipe/settings-files'
import { settingsSourceKinds as sourceKinds } from '@toolpipe/settings-files'
import type { SettingsSourceKind as SourceKind } from '@toolpipe/settings-files'

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
  readonly sandbox: PermissionsSandbox | undefined
}

/**
 * Reads `permissions()`'s options once, through the shared reader (STYLE habit 18): a bad one is
 * refused with {@link PermissionsError} (`INVALID_OPTIONS`), the message naming the option —
 * `permissions: projectRoot must be an absolute path, got "relative"`.
 */
export function readOptions(options: PermissionsOptions): PermissionsConfig {
  const reader: PluginOptionsReader = readPluginOptions(
    'permissions',
    options,
    (message) => new PermissionsError(message, 'INVALID_OPTIONS'),
  )
  const root = resolve(absolutePath(reader, 'projectRoot', reader.string('projectRoot')))
  const home = absolutePath(reader, 'home', reader.string('home') ?? homedir())
  const cwd = resolve(root, reader.string('cwd') ?? root)
  const mode = reader.string('mode')
  if (mode !== undefined && !isMode(mode)) {
    reader.fail('mode', `must be one of ${modes.join(', ')}, got ${describeValue(mode)}`)
  }
  const persistKind = reader.oneOf('persistTo', ['local', 'project', 'user']) ?? 'local'
  const specs = readSources(reader, root, home)
  let persistTo = specs.find(
    (spec) => spec.kind === persistKind && spec.path !== undefined && spec.format === 'settings',
  )
  if (persistTo === undefined) {
    const path =
      persistKind === 'user'
        ? join(home, '.toolpipe', 'settings.json')
        : join(root, '.toolpipe', persistKind === 'local' ? 'settings.local.json' : 'settings.json')
    persistTo = { kind: persistKind, path, label: labelOf(root, path), format: 'settings' }
    specs.push(persistTo)
  }
  specs.sort((a, b) => sourceKinds.indexOf(a.kind) - sourceKinds.indexOf(b.kind))
  return {
    projectRoot: root,
    cwd,
    home,
    sources: specs,
    tools: readTools(reader),
    mode,
    scope: reader.value('scope') as Agent | undefined,
    persistTo,
    logger: readLogger(reader),
    sandbox: readSandbox(reader),
  }
}

function readSandbox(reader: PluginOptionsReader): PermissionsSandbox | undefined {
  const sandbox = reader.value('sandbox')
  if (sandbox === undefined) return undefined
  if (
    (typeof sandbox !== 'object' && typeof sandbox !== 'function') ||
    sandbox === null ||
    typeof (sandbox as Partial<PermissionsSandbox>).willSandbox !== 'function'
  ) {
    reader.fail(
      'sandbox',
      `must be a sandbox (with a willSandbox function), got ${describeValue(sandbox)}`,
    )
  }
  return sandbox as PermissionsSandbox
}

function absolutePath(reader: PluginOptionsReader, name: string, path: string | undefined): string {
  if (path === undefined || !isAbsolute(path)) {
    reader.fail(name, `must be an absolute path, got ${describeValue(path)}`)
  }
  return path
}

/** How messages name a file: relative to the project root when inside it, else absolute. */
function labelOf(root: string, path: string): string {
  const inside = relative(root, path)
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside) ? inside : path
}

/** The `sources` option, each checked and its path resolved (`~/` is `home`). */
function readSources(reader: PluginOptionsReader, root: string, home: string): SourceSpec[] {
  const refuse: RefuseOption = refuseWith(reader)
  const given = readOptionMember(reader.given, 'sources', (message, cause) =>
    refuse(['sources'], message, cause),
  )
  return readList(given, ['sources'], refuse).map((source, index) => {
    const at = ['sources', index]
    const fail: (member: string, message: string) => never = (member, message) =>
      refuse([...at, member], message)
    if (typeof source !== 'object' || source === null) {
      refuse(at, `must be an object, got ${describeValue(source)}`)
    }
    // Each member read once, a getter that throws refused like a bad value.
    const [kind, path, format, settings] = ['kind', 'path', 'format', 'settings'].map((member) =>
      readOptionMember(source, member, (message, cause) => refuse([...at, member], message, cause)),
    )
    if (typeof kind !== 'string' || !(sourceKinds as readonly string[]).includes(kind)) {
      fail('kind', `must be one of ${sourceKinds.join(', ')}, got ${describeValue(kind)}`)
    }
    if (settings !== undefined) {
      if (kind !== 'cli')
        fail('settings', `must go with kind "cli", got kind ${describeValue(kind)}`)
      // Read once, now: every rebuild reads this copy, never the caller's object again.
      const snapshot = snapshotCodeSettings(settings, [...at, 'settings'], refuse)
      return {
        kind: 'cli',
        path: undefined,
        label: 'cli settings',
        format: 'settings',
        settings: snapshot,
      }
    }
    if (typeof path !== 'string' || path === '') {
      fail('path', `must be a file path, got ${describeValue(path)}`)
    }
    if (format !== undefined && format !== 'settings' && format !== 'gemini') {
      fail('format', `must be "settings" or "gemini", got ${describeValue(format)}`)
    }
    const absolute =
      path === '~' || path.startsWith('~/') ? join(home, path.slice(1)) : resolve(root, path)
    return {
      kind: kind as SourceKind,
      path: absolute,
      label: labelOf(root, absolute),
      format: format ?? (absolute.endsWith('.toml') ? 'gemini' : 'settings'),
    }
  })
}

/**
 * The `tools` option: how rules see each tool, by name, each member read once into a copy (a
 * `subjects` or `hookInput` method still runs with the given object as `this`).
 */
function readTools(reader: PluginOptionsReader): Map<string, ToolRules> {
  const refuse: RefuseOption = refuseWith(reader)
  const given = reader.object('tools')
  const tools = new Map<string, ToolRules>()
  if (given === undefined) return tools
  const names = readOwnKeys(given, ['tools'], refuse)
  for (const name of names) {
    const read = (container: object, member: string, path: OptionPath): unknown =>
      readOptionMember(container, member, (message, cause) => refuse(path, message, cause))
    const rules = read(given, name, ['tools', name])
    if (typeof rules !== 'object' || rules === null) {
      refuse(['tools', name], `must be an object, got ${describeValue(rules)}`)
    }
    const [ruleName, subjects, hookInput] = ['ruleName', 'subjects', 'hookInput'].map((member) =>
      read(rules, member, ['tools', name, member]),
    )
    if (ruleName !== undefined && (typeof ruleName !== 'string' || ruleName === '')) {
      refuse(
        ['tools', name, 'ruleName'],
        `must be a non-empty string, got ${describeValue(ruleName)}`,
      )
    }
    for (const [member, method] of [
      ['subjects', subjects],
      ['hookInput', hookInput],
    ] as const) {
      if (method !== undefined && typeof method !== 'function') {
        refuse(['tools', name, member], `must be a function, got ${describeValue(method)}`)
      }
    }
    tools.set(name, {
      ...(ruleName === undefined ? {} : { ruleName: ruleName }),
      ...(subjects === undefined ? {} : { subjects: bound(subjects as Method, rules) }),
      ...(hookInput === undefined ? {} : { hookInput: bound(hookInput as Method, rules) }),
    } as ToolRules)
  }
  return tools
}

type Method = (...args: readonly unknown[]) => unknown

/** `method` called on `self`, as `self.method(…)` would call it. */
function bound(method: Method, self: object): Method {
  return (...args) => Reflect.apply(method, self, args)
}

/** The reader's refusal, with a path and what a read threw (its `cause`). */
function refuseWith(reader: PluginOptionsReader): RefuseOption {
  return (path, message, cause) => {
    if (cause === undefined) return reader.fail(formatJsonPath(path, ''), message)
    throw new PermissionsError(
      `permissions: ${formatJsonPath(path, '')} ${message}`,
      'INVALID_OPTIONS',
      { cause },
    )
  }
}

/** A list option's items, each read once (a Proxy's trap that throws is refused, by index). */
function readList(value: unknown, path: OptionPath, refuse: RefuseOption): unknown[] {
  if (value === undefined) return []
  if (!isPlainArray(value)) refuse(path, `must be an array, got ${describeValue(value)}`)
  const read = (member: string, at: OptionPath): unknown =>
    readOptionMember(value, member, (message, cause) => refuse(at, message, cause))
  const length = read('length', path)
  if (typeof length !== 'number' || !Number.isSafeInteger(length) || length < 0) {
    return refuse(path, 'must be an array, got an array whose length is not a whole number')
  }
  const items: unknown[] = []
  for (let index = 0; index < length; index++) items.push(read(String(index), [...path, index]))
  return items
}

/** The own enumerable keys of an option, a Proxy's `ownKeys` trap that throws refused. */
function readOwnKeys(value: object, path: OptionPath, refuse: RefuseOption): string[] {
  try {
    return Object.keys(value)
  } catch (error) {
    return refuse(path, `could not be read: ${describeThrown(error)}`, error)
  }
}

function readLogger(reader: PluginOptionsReader): ToolRegistryLogger | undefined {
  const logger = reader.value('logger') as ToolRegistryLogger | undefined
  if (logger !== undefined && typeof (logger as Partial<ToolRegistryLogger>).warn !== 'function') {
    reader.fail('logger', 'must have a warn function')
  }
  return logger
}
