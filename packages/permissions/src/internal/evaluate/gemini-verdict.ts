import type { PermissionMode as Mode } from '@toolpipe/settings-files'
import { anything, displayText, escapeLiteral, separator } from '../shell/command-text.js'
import { mayMatch, mustMatch, needsMayMatch } from '../rules/command-pattern.js'
import { matchesToolGlob } from '../rules/tool-glob.js'
import { ruleNamesOf } from '@toolpipe/settings-files'
import type { GeminiRule } from '../rules/gemini-policy.js'
import { quadraticTextLimit } from '../rules/gemini-regex.js'
import { describeRule } from './verdict.js'
import type { Verdict } from './verdict.js'

/** What Gemini rules read of a call. */
export interface GeminiFacts {
  readonly ruleName: string
  readonly mode: Mode
  readonly agentId: string | undefined
  /** The tool's annotations as MCP hints (`readOnlyHint`, …). */
  readonly hints: Readonly<Record<string, unknown>>
  /**
   * The arguments' canonical JSON (keys sorted, as Gemini CLI sorts them), made once; undefined
   * when it is unknown (too large, too deep, unreadable): an `argsPattern` allow does not match
   * then, a deny or ask may (SPEC §26, fail closed).
   */
  readonly argsJson: () => string | undefined
  /**
   * What the call may still spend on regexes whose time grows with the square of the text (in
   * characters squared): a line of many long commands cannot add up past SPEC §26's bound.
   */
  readonly quadraticBudget: { left: number }
}

/** A call's budget for quadratic regexes: 4 × 2,048², some 10 ms. */
export const quadraticBudget = 4 * quadraticTextLimit * quadraticTextLimit

/** One simple command, for `commandPrefix`, `commandRegex` and `argsPattern`. */
export interface GeminiCommand {
  readonly allowText: string | undefined
  readonly denyTexts: readonly string[]
  /** The canonical JSON of the call's arguments with `command` set to this simple command. */
  readonly argsJson: () => string | undefined
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

/**
 * `too-long`: a quadratic regex was not run on a text this long (or past the call's budget);
 * `unknown-args`: the arguments' JSON is unknown (a deny or ask rule may match).
 */
type Match = 'yes' | 'maybe' | 'no' | 'too-long' | 'unknown-args'

/** Why a rule may match, for a rule that is not sure. */
type Unsure = Exclude<Match, 'yes' | 'no'>

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
  let possible: { rule: GeminiRule; why: Unsure } | undefined
  for (const rule of rules) {
    if (!applies(rule, facts)) continue
    const match = matches(rule, facts, item)
    if (match === 'no') continue
    if (match !== 'yes') {
      possible ??= { rule, why: match }
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
  if (item.kind === 'call') return constrained ? 'no' : argsMatch(rule, facts, facts.argsJson)
  if (item.kind === 'line') {
    return both(argsMatch(rule, facts, facts.argsJson), () =>
      constrained ? lineMatches(rule, facts, item.line) : 'yes',
    )
  }
  const command = item.command
  return both(argsMatch(rule, facts, command.argsJson), () =>
    constrained ? commandMatch(rule, facts, command) : 'yes',
  )
}

/** Both matches: `no` if either is, `yes` if both are, else whichever is not sure. */
function both(first: Match, second: () => Match): Match {
  if (first === 'no') return 'no'
  const then = second()
  if (then === 'no' || (first === 'yes' && then === 'yes')) return then
  for (const why of ['unknown-args', 'too-long'] as const) {
    if (first === why || then === why) return why
  }
  return 'maybe'
}

function argsMatch(rule: GeminiRule, facts: GeminiFacts, json: () => string | undefined): Match {
  if (rule.argsPattern === undefined) return 'yes'
  const text = json()
  if (text === undefined) return rule.decision === 'allow' ? 'no' : 'unknown-args'
  return run(rule, rule.argsPattern, text, facts)
}

/**
 * `regex` on `text`: a quadratic rule's only on a text of at most `quadraticTextLimit`
 * characters within the call's budget (`too-long` otherwise: SPEC §26's bounded work).
 */
function run(rule: GeminiRule, regex: RegExp, text: string, facts: GeminiFacts): Match {
  if (rule.quadraticRegex) {
    const cost = text.length * text.length
    const budget = facts.quadraticBudget
    if (text.length > quadraticTextLimit || cost > budget.left) return 'too-long'
    budget.left -= cost
  }
  return regex.test(text) ? 'yes' : 'no'
}

/** A constrained rule on one simple command: its allow spelling, or any of its deny ones. */
function commandMatch(rule: GeminiRule, facts: GeminiFacts, command: GeminiCommand): Match {
  if (rule.decision === 'allow') {
    return command.allowText === undefined ? 'no' : commandMatches(rule, facts, command.allowText)
  }
  let unsure: Match = 'no'
  for (const text of command.denyTexts) {
    const match = commandMatches(rule, facts, text)
    if (match === 'yes') return 'yes'
    if (match === 'too-long') unsure = 'too-long'
  }
  if (unsure !== 'no') return unsure
  return command.denyTexts.some((text) => mayMatchCommand(rule, text)) ? 'maybe' : 'no'
}

/** `commandPrefix` / `commandRegex` on the raw line, framed as Gemini CLI frames it. */
function lineMatches(rule: GeminiRule, facts: GeminiFacts, line: string): Match {
  if (rule.commandPrefixes !== undefined) {
    const trimmed = line.trimStart()
    const found = rule.commandPrefixes.some(
      (prefix) =>
        trimmed === prefix ||
        (trimmed.startsWith(prefix) && /\s/.test(trimmed.charAt(prefix.length))),
    )
    return found ? 'yes' : 'no'
  }
  const regex = rule.commandRegex
  return regex === undefined ? 'no' : run(rule, regex, JSON.stringify({ command: line }), facts)
}

/** Whether the rule matches a command's spelling whatever its run-time words are. */
function commandMatches(rule: GeminiRule, facts: GeminiFacts, text: string): Match {
  if (rule.commandPrefixes !== undefined) {
    const found = rule.commandPrefixes.some((prefix) =>
      prefixPatterns(prefix).some((pattern) => mustMatch(pattern, text)),
    )
    return found ? 'yes' : 'no'
  }
  const regex = rule.commandRegex
  if (regex === undefined) return 'no'
  return run(rule, regex, JSON.stringify({ command: displayText(text) }), facts)
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

function maybeDenied({ rule, why }: { rule: GeminiRule; why: Unsure }): Verdict {
  const because =
    why === 'too-long'
      ? `its regex is run only on texts of at most ${String(quadraticTextLimit)} characters (its time grows with the square of the length)`
      : why === 'unknown-args'
        ? "the call's arguments are too large, too deep or unreadable to match its argsPattern against"
        : 'part of the command is known only when it runs'
  return {
    decision: 'ask',
    rule,
    basis: rule.decision === 'deny' ? 'possibly-denied' : 'rule',
    reason: `${describeRule(rule)} may match: ${because}`,
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
