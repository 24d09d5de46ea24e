import type {
  PermissionMode as Mode,
  SettingsSourceKind as SourceKind,
} from '@toolpipe/settings-files'
import type { RuleOrigin } from './compiled-rule.js'
import { isSafePattern } from 'redos-detector'

/** A decision a Gemini CLI policy rule gives. */
export type GeminiDecision = 'allow' | 'ask' | 'deny'

/** One `[[rule]]` of a Gemini CLI policy file, compiled (SPEC §18.3). */
export interface GeminiRule {
  /** How messages name it: `[[rule]] 2: toolName="run_shell_command" commandPrefix="rm -rf"`. */
  readonly text: string
  readonly index: number
  readonly origin: RuleOrigin
  readonly decision: GeminiDecision
  /** Gemini's final priority: the tier of its source plus `priority / 1000`. */
  readonly priority: number
  /** Tool name globs (`*` wildcard); undefined: any tool. */
  readonly toolNames: readonly string[] | undefined
  readonly argsPattern: RegExp | undefined
  readonly commandPrefixes: readonly string[] | undefined
  readonly commandRegex: RegExp | undefined
  /** The modes the rule is active in (mapped to toolpipe's); undefined: all. */
  readonly modes: readonly Mode[] | undefined
  readonly subagent: string | undefined
  readonly toolAnnotations: Readonly<Record<string, unknown>> | undefined
  readonly allowRedirection: boolean
  readonly denyMessage: string | undefined
  /**
   * Its regex can backtrack catastrophically (SPEC §26): a deny or ask rule is never run, and
   * every call it could be about asks as possibly matching it.
   */
  readonly unsafeRegex: boolean
}

/**
 * Gemini CLI's tiers (its policy engine docs): Admin 5, User 4, Workspace 3; toolpipe's `cli`
 * source sits with the user's.
 */
const tiers: Readonly<Record<SourceKind, number>> = {
  managed: 5,
  cli: 4,
  user: 4,
  local: 3,
  project: 3,
}

const geminiModes: Readonly<Record<string, Mode>> = {
  default: 'default',
  autoEdit: 'acceptEdits',
  plan: 'plan',
  yolo: 'bypassPermissions',
}

/**
 * Compiles the `[[rule]]` tables of a parsed policy file. Each malformed rule is reported with
 * its index (`report`) and left out; none is ever read as an allow it did not say.
 */
export function compileGeminiPolicy(
  value: unknown,
  origin: RuleOrigin,
  report: (index: number | undefined, message: string, kept?: true) => void,
): GeminiRule[] {
  if (value === undefined) return []
  const rules = isRecord(value) ? value.rule : undefined
  if (rules === undefined) return []
  if (!Array.isArray(rules)) {
    report(undefined, '"rule" must be an array of tables ([[rule]])')
    return []
  }
  const compiled: GeminiRule[] = []
  rules.forEach((entry: unknown, index) => {
    const rule = compileRule(entry, index, origin)
    if (typeof rule === 'string') {
      report(index, rule)
      return
    }
    for (const message of regexWarnings(entry as Record<string, unknown>, rule)) {
      report(index, message, true)
    }
    if (rule.unsafeRegex && rule.decision === 'allow') {
      report(index, 'its regex can backtrack catastrophically, so it is not run')
      return
    }
    compiled.push(rule)
  })
  return compiled
}

function compileRule(entry: unknown, index: number, origin: RuleOrigin): GeminiRule | string {
  if (!isRecord(entry)) return 'a rule must be a table'
  const decision = entry.decision
  if (decision !== 'allow' && decision !== 'deny' && decision !== 'ask_user') {
    return 'decision must be "allow", "deny" or "ask_user"'
  }
  const priority = entry.priority ?? 0
  if (
    typeof priority !== 'number' ||
    !Number.isFinite(priority) ||
    priority < 0 ||
    priority > 999
  ) {
    return 'priority must be a number from 0 to 999'
  }
  const toolNames = stringList(entry.toolName, 'toolName')
  if (typeof toolNames === 'string') return toolNames
  const commandPrefixes = stringList(entry.commandPrefix, 'commandPrefix')
  if (typeof commandPrefixes === 'string') return commandPrefixes
  if (commandPrefixes !== undefined && entry.commandRegex !== undefined) {
    return 'commandPrefix and commandRegex cannot be in one rule'
  }
  const mcpName = entry.mcpName
  if (mcpName !== undefined && typeof mcpName !== 'string') return 'mcpName must be a string'
  let names = toolNames
  if (typeof mcpName === 'string') {
    names = (toolNames ?? ['*']).map((tool) => `mcp__${mcpName}__${tool}`)
  }
  const argsPattern = regex(entry.argsPattern, 'argsPattern', '')
  if (typeof argsPattern === 'string') return argsPattern
  const commandRegex = regex(entry.commandRegex, 'commandRegex', '"command":"')
  if (typeof commandRegex === 'string') return commandRegex
  const unsafeRegex = [argsPattern, commandRegex].some(
    (pattern) => pattern !== undefined && !isSafeRegex(pattern),
  )
  let modes: Mode[] | undefined
  if (entry.modes !== undefined) {
    const list = stringList(entry.modes, 'modes')
    if (typeof list === 'string') return list
    modes = []
    for (const mode of list ?? []) {
      const mapped = Object.hasOwn(geminiModes, mode) ? geminiModes[mode] : undefined
      if (mapped === undefined) return `modes: "${mode}" is not default, autoEdit, plan or yolo`
      modes.push(mapped)
      // Gemini's default mode is the one toolpipe's dontAsk starts from.
      if (mapped === 'default') modes.push('dontAsk')
    }
    if (modes.length === 0) modes = undefined
  }
  if (entry.interactive !== undefined && decision === 'allow') {
    return 'an allow rule limited by "interactive" is not supported (toolpipe cannot tell)'
  }
  const subagent = entry.subagent
  if (subagent !== undefined && typeof subagent !== 'string') return 'subagent must be a string'
  const annotations = entry.toolAnnotations
  if (annotations !== undefined && !isRecord(annotations)) return 'toolAnnotations must be a table'
  const allowRedirection = entry.allowRedirection ?? false
  if (typeof allowRedirection !== 'boolean') return 'allowRedirection must be a boolean'
  const denyMessage = entry.denyMessage
  if (denyMessage !== undefined && typeof denyMessage !== 'string')
    return 'denyMessage must be a string'
  const parts: string[] = []
  if (names !== undefined)
    parts.push(`toolName=${JSON.stringify(names.length === 1 ? names[0] : names)}`)
  if (commandPrefixes !== undefined) {
    parts.push(
      `commandPrefix=${JSON.stringify(commandPrefixes.length === 1 ? commandPrefixes[0] : commandPrefixes)}`,
    )
  }
  if (typeof entry.commandRegex === 'string')
    parts.push(`commandRegex=${JSON.stringify(entry.commandRegex)}`)
  if (typeof entry.argsPattern === 'string')
    parts.push(`argsPattern=${JSON.stringify(entry.argsPattern)}`)
  parts.push(`decision="${decision}"`)
  return {
    text: `[[rule]] ${index}: ${parts.join(' ')}`,
    index,
    origin,
    decision: decision === 'ask_user' ? 'ask' : decision,
    priority: tiers[origin.kind] + priority / 1000,
    toolNames: names,
    argsPattern,
    commandPrefixes: commandPrefixes?.map((prefix) => prefix.trimEnd()),
    commandRegex,
    modes,
    subagent,
    toolAnnotations: annotations,
    allowRedirection,
    denyMessage,
    unsafeRegex,
  }
}

/**
 * Whether a regex cannot backtrack catastrophically: with at most one quantifier it cannot (no
 * two ways to split a match); otherwise redos-detector decides (about 10–30 ms a pattern, once
 * per load), and a pattern it cannot decide in time is unsafe.
 */
function isSafeRegex(pattern: RegExp): boolean {
  if (quantifiers(pattern.source) <= 1) return true
  try {
    return isSafePattern(pattern.source, { timeout: 100 }).safe
  } catch {
    return false
  }
}

/** The quantifiers of a regex source (`*`, `+`, `?`, `{n,m}` outside classes and escapes). */
function quantifiers(source: string): number {
  let count = 0
  let inClass = false
  for (let index = 0; index < source.length; index++) {
    const char = source.charAt(index)
    if (char === '\\') index++
    else if (inClass) inClass = char !== ']'
    else if (char === '[') inClass = true
    else if (char === '*' || char === '+' || char === '{') count++
    else if (char === '?' && source.charAt(index - 1) !== '(') count++
  }
  return count
}

/** What to say about a kept rule's regexes (SPEC §26). */
function regexWarnings(entry: Record<string, unknown>, rule: GeminiRule): string[] {
  const warnings: string[] = []
  if (typeof entry.commandRegex === 'string' && entry.commandRegex.startsWith('^')) {
    warnings.push(
      'commandRegex starts with ^, which never matches: the regex is tested against the arguments\' JSON after "command":" (as Gemini CLI does)',
    )
  }
  if (rule.unsafeRegex && rule.decision !== 'allow') {
    warnings.push(
      'its regex can backtrack catastrophically, so it is not run: every call it could be about asks instead',
    )
  }
  return warnings
}

function stringList(value: unknown, field: string): string[] | undefined | string {
  if (value === undefined) return undefined
  if (typeof value === 'string') return [value]
  if (Array.isArray(value) && value.every((item) => typeof item === 'string') && value.length > 0) {
    return value
  }
  return `${field} must be a string or a non-empty array of strings`
}

function regex(value: unknown, field: string, prefix: string): RegExp | undefined | string {
  if (value === undefined) return undefined
  if (typeof value !== 'string') return `${field} must be a string`
  try {
    return new RegExp(prefix + value)
  } catch (error) {
    return `${field} is not a valid regular expression: ${(error as Error).message}`
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Whether a Gemini tool name glob (`*` wildcard) matches a rule name. */
export function matchesToolGlob(glob: string, name: string): boolean {
  const star = glob.indexOf('*')
  if (star < 0) return glob === name
  const parts = glob.split('*')
  let at = 0
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index] ?? ''
    if (index === 0) {
      if (!name.startsWith(part)) return false
      at = part.length
    } else if (index === parts.length - 1) {
      return name.length - part.length >= at && name.endsWith(part)
    } else {
      const found = name.indexOf(part, at)
      if (found < 0) return false
      at = found + part.length
    }
  }
  return true
}

/**
 * Gemini's stable JSON of a call's arguments (keys sorted at every level), which `argsPattern`
 * is tested against.
 */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`
  if (isRecord(value)) {
    const keys = Object.keys(value).sort()
    return `{${keys.map((key) => `${JSON.stringify(key)}:${stableJson(value[key])}`).join(',')}}`
  }
  return value === undefined ? 'null' : JSON.stringify(value)
}
