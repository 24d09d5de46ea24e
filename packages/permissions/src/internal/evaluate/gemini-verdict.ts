import type { Mode } from '../../mode.js'
import { displayText } from '../shell/command-text.js'
import { matchesToolGlob } from '../rules/gemini-policy.js'
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
  /** Gemini's stable JSON of the arguments, made once. */
  readonly argsJson: () => string
}

/** One simple command, for `commandPrefix` and `commandRegex`. */
export interface GeminiCommand {
  readonly allowText: string | undefined
  readonly denyTexts: readonly string[]
  /** The line writes or reads files through redirections. */
  readonly redirects: boolean
  /** Something in the line hides a command from the rules: no rule allows it. */
  readonly hidden: boolean
}

/**
 * Gemini CLI's rule (its policy engine docs): of the rules that match, the highest priority
 * decides (toolpipe breaks a tie by strictness). `commandPrefix` and `commandRegex` read each
 * simple command (deny and ask rules its deny spellings, allow rules its allow spelling); without
 * them, a rule reads the call. An allow on a command with redirections asks unless the rule says
 * `allowRedirection`.
 */
export function geminiVerdict(
  rules: readonly GeminiRule[],
  facts: GeminiFacts,
  command: GeminiCommand | undefined,
): Verdict | undefined {
  for (const rule of rules) {
    if (rule.modes !== undefined && !rule.modes.includes(facts.mode)) continue
    if (rule.subagent !== undefined && rule.subagent !== facts.agentId) continue
    if (
      rule.toolNames !== undefined &&
      !rule.toolNames.some((glob) => matchesToolGlob(glob, facts.ruleName))
    ) {
      continue
    }
    if (rule.toolAnnotations !== undefined && !hintsMatch(rule.toolAnnotations, facts.hints))
      continue
    if (rule.argsPattern !== undefined && !rule.argsPattern.test(facts.argsJson())) continue
    if (rule.commandPrefixes !== undefined || rule.commandRegex !== undefined) {
      if (command === undefined) continue
      const texts =
        rule.decision === 'allow'
          ? command.allowText === undefined
            ? []
            : [command.allowText]
          : command.denyTexts
      if (!texts.some((text) => commandMatches(rule, displayText(text)))) continue
    }
    if (rule.decision === 'deny') {
      return {
        decision: 'deny',
        rule,
        reason: `denied by ${describeRule(rule)}${rule.denyMessage === undefined ? '' : `: ${rule.denyMessage}`}`,
      }
    }
    if (rule.decision === 'ask')
      return { decision: 'ask', rule, reason: `${describeRule(rule)} asks` }
    if (command?.hidden === true) {
      return {
        decision: 'ask',
        rule,
        reason: `${describeRule(rule)} allows, but part of the line hides a command`,
      }
    }
    if (command?.redirects === true && !rule.allowRedirection) {
      return {
        decision: 'ask',
        rule,
        reason: `${describeRule(rule)} allows, but not redirections (allowRedirection)`,
      }
    }
    return { decision: 'allow', rule, reason: `allowed by ${describeRule(rule)}` }
  }
  return undefined
}

function commandMatches(rule: GeminiRule, text: string): boolean {
  if (rule.commandPrefixes !== undefined) {
    return rule.commandPrefixes.some(
      (prefix) =>
        text === prefix || (text.startsWith(prefix) && text.charAt(prefix.length) === ' '),
    )
  }
  return rule.commandRegex?.test(JSON.stringify({ command: text })) === true
}

function hintsMatch(
  wanted: Readonly<Record<string, unknown>>,
  hints: Readonly<Record<string, unknown>>,
): boolean {
  for (const key of Object.keys(wanted)) if (hints[key] !== wanted[key]) return false
  return true
}
