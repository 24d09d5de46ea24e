import { homedir } from 'node:os'
import { isAbsolute, join, relative, resolve } from 'node:path'
import { describeValue, readPluginOptions } from '@toolpipe/core/internal'
import type { PluginOptionsReader } from '@toolpipe/core/internal'
import { compareSettingsSourceKinds, settingsSourceKinds } from '@toolpipe/settings-files'
import type { SettingsSourceKind } from '@toolpipe/settings-files'
import { SandboxError } from '../sandbox-error.js'
import type {
  SandboxAskRequest,
  SandboxLogger,
  SandboxOptions,
  SandboxRuleView,
} from '../sandbox-options.js'

/** One settings source, checked and resolved. */
export interface SandboxSourceSpec {
  readonly kind: SettingsSourceKind
  /** Absolute; undefined for settings given in code. */
  readonly path: string | undefined
  /** How warnings name it: relative to the project root when inside it. */
  readonly label: string
  /** For settings given in code: their `sandbox` member as given. */
  readonly sandbox?: unknown
}

/** `createSandbox`'s options, read and checked once. */
export interface SandboxConfig {
  readonly projectRoot: string
  readonly home: string
  /** Highest precedence first; Gemini policy files left out. */
  readonly sources: readonly SandboxSourceSpec[]
  readonly settings: unknown
  readonly rules: { sandboxRules(): SandboxRuleView } | undefined
  readonly ask: ((request: SandboxAskRequest) => Promise<boolean>) | undefined
  readonly unavailable: 'refuse' | 'run-unsandboxed'
  readonly scrubEnv: boolean
  readonly logger: SandboxLogger
}

/**
 * Reads `createSandbox`'s options once, through the shared reader (STYLE habit 18): a bad one is
 * refused with {@link SandboxError} (`INVALID_OPTIONS`) naming it —
 * `createSandbox: projectRoot must be an absolute path, got "app"`.
 */
export function readOptions(options: SandboxOptions): SandboxConfig {
  const reader: PluginOptionsReader = readPluginOptions(
    'createSandbox',
    options,
    (message) => new SandboxError(message, 'INVALID_OPTIONS'),
  )
  const projectRoot = resolve(absolutePath(reader, 'projectRoot'))
  const home = reader.string('home') ?? homedir()
  if (!isAbsolute(home)) reader.fail('home', `must be an absolute path, got ${describeValue(home)}`)
  // A permissions() plugin is a function with members; a logger is often a class instance.
  const rules = withFunction(
    reader,
    'rules',
    'sandboxRules',
    'must be a permissions() plugin (with a sandboxRules function)',
  )
  const logger = withFunction(reader, 'logger', 'warn', 'must have a warn function')
  return {
    projectRoot,
    home,
    sources: readSources(reader, projectRoot, home),
    settings: reader.value('settings'),
    rules: rules as SandboxConfig['rules'],
    ask: reader.function('ask') as SandboxConfig['ask'],
    unavailable: reader.oneOf('unavailable', ['refuse', 'run-unsandboxed']) ?? 'refuse',
    scrubEnv: reader.boolean('scrubEnv') ?? false,
    logger: (logger as SandboxLogger | undefined) ?? console,
  }
}

/** The member `name`, an object or function whose `method` is a function; else refused. */
function withFunction(
  reader: PluginOptionsReader,
  name: string,
  method: string,
  message: string,
): Record<string, unknown> | undefined {
  const value = reader.value(name)
  if (value === undefined) return undefined
  if (!hasFunction(value, method)) reader.fail(name, `${message}, got ${describeValue(value)}`)
  return value as Record<string, unknown>
}

/** Whether `value[method]` is a function; a throwing getter or a revoked Proxy says no. */
function hasFunction(value: unknown, method: string): boolean {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false
  try {
    return typeof (value as Record<string, unknown>)[method] === 'function'
  } catch {
    return false
  }
}

function absolutePath(reader: PluginOptionsReader, name: string): string {
  const path = reader.string(name)
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

function readSources(reader: PluginOptionsReader, root: string, home: string): SandboxSourceSpec[] {
  const given = reader.value('sources') ?? []
  if (!Array.isArray(given)) reader.fail('sources', `must be an array, got ${describeValue(given)}`)
  const specs: SandboxSourceSpec[] = []
  ;(given as readonly unknown[]).forEach((source, index) => {
    const fail: (member: string, message: string) => never = (member, message) =>
      reader.fail(`sources[${index}]${member}`, message)
    if (typeof source !== 'object' || source === null) {
      fail('', `must be an object, got ${describeValue(source)}`)
    }
    const { kind, path, format, settings } = source as Record<string, unknown>
    if (typeof kind !== 'string' || !(settingsSourceKinds as readonly string[]).includes(kind)) {
      fail('.kind', `must be one of ${settingsSourceKinds.join(', ')}, got ${describeValue(kind)}`)
    }
    if (settings !== undefined) {
      if (kind !== 'cli') fail('.settings', `must go with kind "cli", got ${describeValue(kind)}`)
      if (typeof settings !== 'object' || settings === null) fail('.settings', 'must be an object')
      specs.push({
        kind: 'cli',
        path: undefined,
        label: 'cli settings',
        sandbox: (settings as { sandbox?: unknown }).sandbox,
      })
      return
    }
    if (typeof path !== 'string' || path === '') {
      fail('.path', `must be a file path, got ${describeValue(path)}`)
    }
    if (format !== undefined && format !== 'settings' && format !== 'gemini') {
      fail('.format', `must be "settings" or "gemini", got ${describeValue(format)}`)
    }
    const absolute =
      path === '~' || path.startsWith('~/') ? join(home, path.slice(1)) : resolve(root, path)
    if ((format ?? (absolute.endsWith('.toml') ? 'gemini' : 'settings')) === 'gemini') return
    specs.push({ kind: kind as SettingsSourceKind, path: absolute, label: labelOf(root, absolute) })
  })
  return specs.sort((a, b) => compareSettingsSourceKinds(a.kind, b.kind))
}
