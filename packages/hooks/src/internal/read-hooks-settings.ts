import {
  describeThrown,
  describeType,
  formatJsonPath,
  isPlainArray,
  isPlainObject,
} from '@toolpipe/core/internal'
import type { HooksConfigIssue } from '../hooks-config-error.js'
import type { HookEventName, HooksDialect } from '../hooks-settings.js'
import { compileMatcher } from './compile-matcher.js'
import { stageOfEvent } from './hook-group.js'
import type { ConfiguredHook, HookGroup, HookOrigin } from './hook-group.js'

/** The longest delay a timer honours (2^31−1 ms, about 24.8 days). */
const maxTimeoutMs = 2_147_483_647

/** What a `hooks` object holds for this package: its groups, and what was wrong in it. */
export interface HooksReading {
  readonly groups: readonly HookGroup[]
  /** Every entry that was skipped, and why; the rest of the object still counts. */
  readonly issues: readonly HooksConfigIssue[]
}

type Path = readonly (string | number)[]

/**
 * Reads a `hooks` object (the value of a settings file's `hooks` key, or the one given in code)
 * into checked groups. Never throws, whatever `value` is (Proxies and throwing getters included):
 * an entry it cannot use is left out and reported with its JSON path, and everything else
 * counts. Events this package does not run (`Stop`, another dialect's) are left alone.
 *
 * @param at - the path of `value` itself, e.g. `['hooks']`
 */
export function readHooksSettings(
  value: unknown,
  options: { readonly dialect: HooksDialect; readonly origin: HookOrigin; readonly at: Path },
): HooksReading {
  const issues: HooksConfigIssue[] = []
  const groups: HookGroup[] = []
  const issue = (path: Path, message: string): void => {
    issues.push({ path: formatJsonPath(path), message })
  }
  if (value === undefined) return { groups, issues }
  if (!isPlainObject(value)) {
    issue(options.at, `must be an object of hook events, got ${describeType(value)}`)
    return { groups, issues }
  }
  const stages = stageOfEvent[options.dialect]
  for (const event of Object.keys(stages) as HookEventName[]) {
    const path = [...options.at, event]
    const entries = read(value, event, path, issue)
    if (entries === undefined) continue
    if (!isPlainArray(entries)) {
      issue(path, `must be an array of matcher groups, got ${describeType(entries)}`)
      continue
    }
    const stage = stages[event]
    if (stage === undefined) continue
    entries.forEach((entry, index) => {
      const group = readGroup(entry, [...path, index], options, issue)
      if (group !== undefined) groups.push({ stage, ...group })
    })
  }
  return { groups, issues }
}

function readGroup(
  value: unknown,
  path: Path,
  options: { readonly dialect: HooksDialect; readonly origin: HookOrigin },
  issue: (path: Path, message: string) => void,
): Omit<HookGroup, 'stage'> | undefined {
  if (!isPlainObject(value)) {
    issue(path, `must be a matcher group { matcher?, hooks }, got ${describeType(value)}`)
    return undefined
  }
  const matcher = read(value, 'matcher', [...path, 'matcher'], issue)
  const hooks = read(value, 'hooks', [...path, 'hooks'], issue)
  const sequential = read(value, 'sequential', [...path, 'sequential'], issue)
  let matches: ((ruleName: string) => boolean) | undefined
  if (matcher !== undefined && typeof matcher !== 'string') {
    issue([...path, 'matcher'], `must be a string, got ${describeType(matcher)}`)
  } else {
    const compiled = compileMatcher(matcher)
    if (typeof compiled === 'string') issue([...path, 'matcher'], compiled)
    else matches = compiled
  }
  if (sequential !== undefined && typeof sequential !== 'boolean') {
    issue([...path, 'sequential'], `must be a boolean, got ${describeType(sequential)}`)
  }
  if (!isPlainArray(hooks)) {
    issue([...path, 'hooks'], `must be an array of hooks, got ${describeType(hooks)}`)
    return undefined
  }
  const configured: ConfiguredHook[] = []
  hooks.forEach((hook, index) => {
    const read = readHook(hook, [...path, 'hooks', index], options, issue)
    if (read !== undefined) configured.push(read)
  })
  if (matches === undefined || configured.length === 0) return undefined
  return { matches, hooks: configured, sequential: sequential === true }
}

function readHook(
  value: unknown,
  path: Path,
  options: { readonly dialect: HooksDialect; readonly origin: HookOrigin },
  issue: (path: Path, message: string) => void,
): ConfiguredHook | undefined {
  if (!isPlainObject(value)) {
    issue(path, `must be a hook { type: "command", command, timeout? }, got ${describeType(value)}`)
    return undefined
  }
  const type = read(value, 'type', [...path, 'type'], issue)
  const command = read(value, 'command', [...path, 'command'], issue)
  const timeout = read(value, 'timeout', [...path, 'timeout'], issue)
  if (type !== 'command') {
    // Another kind of hook (Claude Code's `prompt`, `http`, …): its other fields are not ours.
    issue(
      [...path, 'type'],
      typeof type === 'string'
        ? `"${type}" hooks are not run here, only "command" hooks`
        : `must be "command", got ${describeType(type)}`,
    )
    return undefined
  }
  let ok = true
  if (typeof command !== 'string' || command.trim() === '') {
    ok = false
    issue(
      [...path, 'command'],
      `must be a non-empty shell command, got ${typeof command === 'string' ? 'a blank string' : describeType(command)}`,
    )
  } else if (command.includes('\0')) {
    ok = false
    issue([...path, 'command'], 'must not contain a NUL character')
  }
  const unit = options.dialect === 'gemini' ? 'milliseconds' : 'seconds'
  const timeoutMs =
    timeout === undefined
      ? 60_000
      : typeof timeout === 'number'
        ? Math.ceil(options.dialect === 'gemini' ? timeout : timeout * 1000)
        : Number.NaN
  if (!(timeoutMs > 0 && timeoutMs <= maxTimeoutMs)) {
    ok = false
    issue(
      [...path, 'timeout'],
      `must be a positive number of ${unit} up to ${options.dialect === 'gemini' ? maxTimeoutMs : Math.floor(maxTimeoutMs / 1000)}, got ${typeof timeout === 'number' ? String(timeout) : describeType(timeout)}`,
    )
  }
  if (!ok) return undefined
  return { command: command as string, timeoutMs, origin: options.origin }
}

/** `object[key]`, read once; a getter that throws is an issue at `path`, read as absent. */
function read(
  object: Record<string, unknown>,
  key: string,
  path: Path,
  issue: (path: Path, message: string) => void,
): unknown {
  try {
    return Object.hasOwn(object, key) ? object[key] : undefined
  } catch (error) {
    issue(path, `could not be read: ${describeThrown(error)}`)
    return undefined
  }
}
