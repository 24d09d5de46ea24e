import type { PermissionMode as Mode } from '@toolpipe/settings-files'
import type { SettingsSourceKind as SourceKind } from '@toolpipe/settings-files'
import { isPlainObject } from '@toolpipe/core/internal'
import type { RuleOrigin } from './compiled-rule.js'
import { compileGeminiRegex, regexCost, regexWarnings } from './gemini-regex.js'
import { refusedShellSyntax } from './gemini-shell-syntax.js'
import { geminiToolNames } from './gemini-tool-names.js'

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
  /**
   * Tool name globs (`*` wildcard), as toolpipe names tools (`mcp_server_*` is `mcp__server__*`:
   * see `geminiToolNames`); undefined: any tool.
   */
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
   * The rule is never run, and every call it could be about asks as possibly matching it (a deny
   * or ask rule; such an allow is left out): its regex can backtrack catastrophically (SPEC §26),
   * or Gemini CLI's loader refuses its `commandPrefix` / `commandRegex` (see
   * `refusedShellSyntax`) — a malformed deny fails closed.
   */
  readonly unsafeRegex: boolean
  /**
   * Its regex may take time of the order of the square of the text's length (`.*curl.*` as an
   * `argsPattern`, tried from every position): it is run only on texts of at most
   * `quadraticTextLimit` characters, within the call's budget; on a longer text the rule may
   * match (a deny or ask asks, an allow does not allow).
   */
  readonly quadraticRegex: boolean
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
  const rules = isPlainObject(value) ? value.rule : undefined
  if (rules === undefined) return []
  if (!Array.isArray(rules)) {
    report(undefined, '"rule" must be an array of tables ([[rule]])')
    return []
  }
  const compiled: GeminiRule[] = []
  rules.forEach((entry: unknown, index) => {
    const rule = compileGeminiRule(entry, index, origin)
    if (typeof rule === 'string') {
      report(index, rule)
      return
    }
    const refused = refusedShellSyntax(entry as Readonly<Record<string, unknown>>)
    if (refused !== undefined) {
      // An allow Gemini CLI refuses would allow what it never allows there; a deny or ask is
      // kept, fail closed, as one whose regex is never run: what it could be about asks.
      if (rule.decision === 'allow') {
        report(index, refused)
        return
      }
      report(index, `${refused}; it is not run: every call it could be about asks instead`, true)
      compiled.push({ ...rule, unsafeRegex: true })
      return
    }
    const commandRegex = (entry as Record<string, unknown>).commandRegex
    for (const message of regexWarnings(commandRegex, rule.unsafeRegex, rule.decision)) {
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

/**
 * Compiles one `[[rule]]` table of a Gemini CLI policy file, or says what is wrong with it (the
 * first problem found). (A settings file's rules are `compileSettingsRule`'s.)
 */
function compileGeminiRule(entry: unknown, index: number, origin: RuleOrigin): GeminiRule | string {
  if (!isPlainObject(entry)) return 'a rule must be a table'
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
  const matchers = readMatchers(entry)
  if (typeof matchers === 'string') return matchers
  const limits = readLimits(entry, decision)
  if (typeof limits === 'string') return limits
  return {
    text: `[[rule]] ${index}: ${describeMatchers(entry, matchers, decision)}`,
    index,
    origin,
    decision: decision === 'ask_user' ? 'ask' : decision,
    priority: tiers[origin.kind] + priority / 1000,
    ...matchers,
    commandPrefixes: matchers.commandPrefixes?.map((prefix) => prefix.trimEnd()),
    ...limits,
  }
}

type Matchers = Pick<
  GeminiRule,
  | 'toolNames'
  | 'argsPattern'
  | 'commandPrefixes'
  | 'commandRegex'
  | 'unsafeRegex'
  | 'quadraticRegex'
>

/**
 * What a rule matches: tool names (with `mcpName`; Gemini CLI's MCP names as toolpipe's), a
 * command prefix or regex, its arguments.
 */
function readMatchers(entry: Readonly<Record<string, unknown>>): Matchers | string {
  const toolNames = stringList(entry.toolName, 'toolName')
  if (typeof toolNames === 'string') return toolNames
  const commandPrefixes = stringList(entry.commandPrefix, 'commandPrefix')
  if (typeof commandPrefixes === 'string') return commandPrefixes
  if (commandPrefixes !== undefined && entry.commandRegex !== undefined) {
    return 'commandPrefix and commandRegex cannot be in one rule'
  }
  const mcpName = entry.mcpName
  if (mcpName !== undefined && typeof mcpName !== 'string') return 'mcpName must be a string'
  // A deny or ask stands for every split of an `mcp_…` name (fail closed); an allow for Gemini's.
  const names = geminiToolNames(toolNames, mcpName, entry.decision !== 'allow')
  const argsPattern = compileGeminiRegex(entry.argsPattern, 'argsPattern', '')
  if (typeof argsPattern === 'string') return argsPattern
  const commandRegex = compileGeminiRegex(entry.commandRegex, 'commandRegex', '"command":"')
  if (typeof commandRegex === 'string') return commandRegex
  // commandRegex is tested on `{"command":"…"}`, where its `"command":"` stands once;
  // argsPattern on the arguments' JSON, from every position.
  const costs = [
    argsPattern === undefined ? 'linear' : regexCost(argsPattern, false),
    commandRegex === undefined ? 'linear' : regexCost(commandRegex, true),
  ]
  return {
    toolNames: names,
    argsPattern,
    commandPrefixes,
    commandRegex,
    unsafeRegex: costs.includes('unsafe'),
    quadraticRegex: costs.includes('quadratic'),
  }
}

type Limits = Pick<
  GeminiRule,
  'modes' | 'subagent' | 'toolAnnotations' | 'allowRedirection' | 'denyMessage'
>

/** When a rule applies (modes, subagent, tool annotations) and what it says or permits. */
function readLimits(entry: Readonly<Record<string, unknown>>, decision: string): Limits | string {
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
  if (annotations !== undefined && !isPlainObject(annotations)) {
    return 'toolAnnotations must be a table'
  }
  const allowRedirection = entry.allowRedirection ?? false
  if (typeof allowRedirection !== 'boolean') return 'allowRedirection must be a boolean'
  const denyMessage = entry.denyMessage
  if (denyMessage !== undefined && typeof denyMessage !== 'string') {
    return 'denyMessage must be a string'
  }
  return { modes, subagent, toolAnnotations: annotations, allowRedirection, denyMessage }
}

/** How messages name a rule: `toolName="run_shell_command" commandPrefix="rm -rf" decision="deny"`. */
function describeMatchers(
  entry: Readonly<Record<string, unknown>>,
  matchers: Matchers,
  decision: string,
): string {
  const parts: string[] = []
  const names = matchers.toolNames
  if (names !== undefined)
    parts.push(`toolName=${JSON.stringify(names.length === 1 ? names[0] : names)}`)
  const prefixes = matchers.commandPrefixes
  if (prefixes !== undefined) {
    parts.push(`commandPrefix=${JSON.stringify(prefixes.length === 1 ? prefixes[0] : prefixes)}`)
  }
  if (typeof entry.commandRegex === 'string')
    parts.push(`commandRegex=${JSON.stringify(entry.commandRegex)}`)
  if (typeof entry.argsPattern === 'string')
    parts.push(`argsPattern=${JSON.stringify(entry.argsPattern)}`)
  parts.push(`decision="${decision}"`)
  return parts.join(' ')
}

function stringList(value: unknown, field: string): string[] | undefined | string {
  if (value === undefined) return undefined
  if (typeof value === 'string') return [value]
  if (Array.isArray(value) && value.every((item) => typeof item === 'string') && value.length > 0) {
    return value
  }
  return `${field} must be a string or a non-empty array of strings`
}
