import { realpathSync } from 'node:fs'
import { homedir } from 'node:os'
import { isAbsolute, resolve } from 'node:path'
import { describeValue, readPluginOptions } from '@toolpipe/core/internal'
import type { PluginOptionsReader } from '@toolpipe/core/internal'
import { SandboxError } from '../sandbox-error.js'
import type {
  SandboxAskRequest,
  SandboxLogger,
  SandboxOptions,
  SandboxRuleView,
} from '../sandbox-options.js'
import { readSources } from './read-sources.js'
import type { SandboxSourceSpec } from './read-sources.js'

/** `createSandbox`'s options, read and checked once. */
export interface SandboxConfig {
  readonly projectRoot: string
  readonly home: string
  /** The sources whose `sandbox` key applies, highest precedence first; Gemini policy files left out. */
  readonly sources: readonly SandboxSourceSpec[]
  /** Every source file given, Gemini policy files included: write-denied inside the sandbox. */
  readonly sourceFiles: readonly string[]
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
  // Resolved through symlinks where it exists: the runtime skips a writable path that is a link,
  // which would leave the project not writable at all.
  const projectRoot = realPath(resolve(absolutePath(reader, 'projectRoot')))
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
  const sources = readSources(reader, projectRoot, home)
  return {
    projectRoot,
    home,
    sources: sources.specs,
    sourceFiles: sources.files,
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

/** `path` resolved through symlinks, or as given where it cannot be (missing, unreadable). */
export function realPath(path: string): string {
  try {
    return realpathSync(path)
  } catch {
    return path
  }
}
