import type { PermissionMode as Mode } from '@toolpipe/settings-files'
import { anything, displayText, escapeLiteral, separator } from '../shell/command-text.js'
import { mayMatch, mustMatch, needsMayMatch } from '../rules/command-pattern.js'
import { matchesToolGlob } from '../rules/tool-glob.js'
import { ruleNamesOf } from '@toolpipe/settings-files'
import type { GeminiRule } from '../rules/gemini-policy.js'
import { describeRule } from './verdict.js'
import type { Verdict } from './verdict.js'

/** What Gemini rules read of a call. */
export interface GeminiFacts {
  readonly ruleName: string
  readonly mode: Mode
  readonly agentId: string | undefined
  /** The tool's annotations as MCP hints (`readOnlyHint`, …). */
  readonly hints: Readonly<Record<string, unknown>>
  /** The arguments' canonical JSON (keys sorted, as Gemini CLI sorts them), made once. */
  readonly argsJson: () => string
}

/** One simple command, for `commandPrefix`, `commandRegex` and `argsPattern`. */
export interface GeminiCommand {
  readonly allowText: string | undefined
  readonly denyTexts: readonly string[]
  /** The canonical JSON of the call's arguments with `command` set to this simple command. */
  readonly argsJson: () => string
  /** The line writes or reads files through redirections. */
  readonly redirects: boolean
  /** Something in the line hides a command from the rules: no rule allows it. */
  readonly hidesCommand: boolean
}

/** What a Gemini rule is matched against. */
export type GeminiItem =
  /** The call of a tool without command subjects, or a path or URL subject. */
  | { readonly kind: 'call' }
  /**
   * The whole command line, as Gemini CLI first checks it: the highest rule that matches decides
   * a deny or an ask; an allow there leaves it to each simple command.
   */
  | { readonly kind: 'line'; readonly line: string }
  /** One simple command, as Gemini CLI re-checks each sub-command. */
  | { readonly kind: 'command'; readonly command: GeminiCommand }

type Match = 'yes' | 'maybe' | 'no'

/**
 * Gemini CLI's rule (its policy engine docs): of the rules that match, the highest priority
 * decides (toolpipe breaks a tie by strictness). On a command tool, `commandPrefix`,
 * `commandRegex` and `argsPattern` are matched against the whole line and again per simple
 * command (SPEC §26): the highest rule matching the whole line decides it, and when that
 * allows, each simple command is decided again, so an allow covers every part. A deny or ask rule that matches for some value of a command's run-time words makes the
 * item ask ("possibly denied"); an allow on a command with redirections asks unless the rule says
 * `allowRedirection`.
 */
export function geminiVerdict(
  rules: readonly GeminiRule[],
  facts: GeminiFacts,
  item: GeminiItem,
): Verdict | undefined {
  let possible: GeminiRule | undefined
  for (const rule of rules) {
    if (!applies(rule, facts)) continue
    const match = matches(rule, facts, item)
    if (match === 'no') continue
    if (match === 'maybe') {
      possible ??= rule
      continue
    }
    if (rule.decision === 'deny') return denied(rule)
    if (possible !== undefined) return maybeDenied(possible)
    if (rule.decision === 'ask') {
      return { decision: 'ask', rule, basis: 'rule', reason: `${describeRule(rule)} asks` }
    }
    // The whole line allowed by the highest rule that matches it: lower rules no longer decide
    // it, and each simple command is checked again on its own (Gemini CLI's re-check).
    if (item.kind === 'line') return undefined
    return allowed(rule, item)
  }
  return possible === undefined ? undefined : maybeDenied(possible)
}

function applies(rule: GeminiRule, facts: GeminiFacts): boolean {
  if (rule.modes !== undefined && !rule.modes.includes(facts.mode)) return false
  if (rule.subagent !== undefined && rule.subagent !== facts.agentId) return false
  if (
    rule.toolNames !== undefined &&
    !rule.toolNames.some((glob) =>
      ruleNamesOf(facts.ruleName).some((name) => matchesToolGlob(glob, name)),
    )
  ) {
    return false
  }
  if (rule.toolAnnotations !== undefined) {
    for (const key of Object.keys(rule.toolAnnotations)) {
      if (facts.hints[key] !== rule.toolAnnotations[key]) return false
    }
  }
  return true
}

function matches(rule: GeminiRule, facts: GeminiFacts, item: GeminiItem): Match {
  const constrained = rule.commandPrefixes !== undefined || rule.commandRegex !== undefined
  // A regex that can backtrack catastrophically is never run: it may match anything it names.
  if (rule.unsafeRegex) return item.kind === 'call' && constrained ? 'no' : 'maybe'
  if (item.kind === 'call') {
    if (constrained) return 'no'
    return rule.argsPattern === undefined || rule.argsPattern.test(facts.argsJson()) ? 'yes' : 'no'
  }
  if (item.kind === 'line') {
    if (rule.argsPattern !== undefined && !rule.argsPattern.test(facts.argsJson())) return 'no'
    if (!constrained) return 'yes'
    return lineMatches(rule, item.line) ? 'yes' : 'no'
  }
  const command = item.command
  if (rule.argsPattern !== undefined && !rule.argsPattern.test(command.argsJson())) return 'no'
  if (!constrained) return 'yes'
  if (rule.decision === 'allow') {
    return command.allowText !== undefined && commandMatches(rule, command.allowText) ? 'yes' : 'no'
  }
  if (command.denyTexts.some((text) => commandMatches(rule, text))) return 'yes'
  return command.denyTexts.some((text) => mayMatchCommand(rule, text)) ? 'maybe' : 'no'
}

/** `commandPrefix` / `commandRegex` on the raw line, framed as Gemini CLI frames it. */
function lineMatches(rule: GeminiRule, line: string): boolean {
  if (rule.commandPrefixes !== undefined) {
    const trimmed = line.trimStart()
    return rule.commandPrefixes.some(
      (prefix) =>
        trimmed === prefix ||
        (trimmed.startsWith(prefix) && /\s/.test(trimmed.charAt(prefix.length))),
    )
  }
  return rule.commandRegex?.test(JSON.stringify({ command: line })) === true
}

/** Whether the rule matches a command's spelling whatever its run-time words are. */
function commandMatches(rule: GeminiRule, text: string): boolean {
  if (rule.commandPrefixes !== undefined) {
    return rule.commandPrefixes.some((prefix) =>
      prefixPatterns(prefix).some((pattern) => mustMatch(pattern, text)),
    )
  }
  return rule.commandRegex?.test(JSON.stringify({ command: displayText(text) })) === true
}

/** Whether the rule may match for some value of the command's run-time words. */
function mayMatchCommand(rule: GeminiRule, text: string): boolean {
  if (!needsMayMatch(text)) return false
  if (rule.commandPrefixes !== undefined) {
    return rule.commandPrefixes.some((prefix) =>
      prefixPatterns(prefix).some((pattern) => mayMatch(pattern, text)),
    )
  }
  // A regex cannot be asked what a run-time word may hold: a command that has one may match.
  return text.includes('\u0001')
}

/** A prefix as command patterns: its words, then optionally anything after a word boundary. */
function prefixPatterns(prefix: string): string[] {
  const words = prefix.trim().split(/\s+/).map(escapeLiteral).join(separator)
  return [words, words + separator + anything]
}

function denied(rule: GeminiRule): Verdict {
  const message = rule.denyMessage === undefined ? '' : `: ${rule.denyMessage}`
  return { decision: 'deny', rule, reason: `denied by ${describeRule(rule)}${message}` }
}

function maybeDenied(rule: GeminiRule): Verdict {
  return {
    decision: 'ask',
    rule,
    basis: rule.decision === 'deny' ? 'possibly-denied' : 'rule',
    reason: `${describeRule(rule)} may match: part of the command is known only when it runs`,
  }
}

function allowed(rule: GeminiRule, item: GeminiItem): Verdict {
  if (item.kind === 'command' && item.command.hidesCommand) {
    return {
      decision: 'ask',
      rule,
      basis: 'hidden-command',
      reason: `${describeRule(rule)} allows, but part of the line hides a command`,
    }
  }
  if (item.kind === 'command' && item.command.redirects && !rule.allowRedirection) {
    return {
      decision: 'ask',
      rule,
      basis: 'rule',
      reason: `${describeRule(rule)} allows, but not redirections (allowRedirection)`,
    }
  }
  return { decision: 'allow', rule, reason: `allowed by ${describeRule(rule)}` }
}
