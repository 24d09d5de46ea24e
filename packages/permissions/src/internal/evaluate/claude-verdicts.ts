import { displayText, separator, shownCommand, unknown } from '../shell/command-text.js'
import type { SimpleCommand } from '../shell/analyze-shell.js'
import { mayMatch, mustMatch, needsMayMatch } from '../rules/command-pattern.js'
import type { CompiledRule } from '../rules/compiled-rule.js'
import { matchesDomain } from '../rules/domain-pattern.js'
import { matchesParam } from '../rules/param-pattern.js'
import { matchesPath } from '../rules/path-pattern.js'
import type { RuleIndex } from '../rules/rule-index.js'
import type { RuleSet } from '../rules/rule-set.js'
import { reachedByLaterWords } from './later-words.js'
import { describeRule } from './verdict.js'
import type { Verdict } from './verdict.js'

/** The tool a call is of, as rules name it. */
export interface RuleTarget {
  readonly ruleName: string
  /** The MCP server of an `mcp__server__tool` rule name. */
  readonly server: string | undefined
}

function firstOf(
  rules: readonly CompiledRule[],
  test: (rule: CompiledRule) => boolean,
): CompiledRule | undefined {
  for (const rule of rules) if (test(rule)) return rule
  return undefined
}

function earlier(
  a: CompiledRule | undefined,
  b: CompiledRule | undefined,
): CompiledRule | undefined {
  if (a === undefined) return b
  if (b === undefined) return a
  return b.order < a.order ? b : a
}

function firstWord(text: string): string | undefined {
  const end = text.indexOf(separator)
  const word = end < 0 ? text : text.slice(0, end)
  return word.includes(unknown) ? undefined : word
}

function commandMatch(
  index: RuleIndex,
  target: RuleTarget,
  texts: readonly string[],
  match: (pattern: string, text: string) => boolean,
): CompiledRule | undefined {
  let found = index.bareFor(target.ruleName, target.server)[0]
  for (const text of texts) {
    const candidates = index.commandCandidates(target.ruleName, firstWord(text))
    const rule = firstOf(candidates, (candidate) =>
      (candidate.command?.alternatives ?? []).some((pattern) => match(pattern, text)),
    )
    found = earlier(found, rule)
  }
  return found
}

const looseMatch = (pattern: string, text: string): boolean =>
  needsMayMatch(text) ? mayMatch(pattern, text) : mustMatch(pattern, text)

/**
 * Claude-style rules on one simple command (SPEC §18.2, §26): a deny rule that must match
 * denies; one that may match (for some value of the command's unknown parts) asks, and so does
 * one a later word of a program no table knows may reach (`mytool rm -rf /`: it may be a wrapper
 * of `rm`) — "possibly denied"; an ask rule that may match asks; an allow rule must match the
 * allow spelling. Nested commands (from `sh -c`, `eval`) are read by deny and ask rules only.
 */
export function commandVerdict(
  command: SimpleCommand,
  target: RuleTarget,
  rules: RuleSet,
): Verdict | undefined {
  const denied = commandMatch(rules.deny, target, command.denyTexts, mustMatch)
  if (denied !== undefined)
    return { decision: 'deny', rule: denied, reason: `denied by ${describeRule(denied)}` }
  const uncertain = command.denyTexts.filter(needsMayMatch)
  const maybe =
    (uncertain.length === 0
      ? undefined
      : commandMatch(rules.deny, target, uncertain, looseMatch)) ??
    reachedByLaterWords(command, target, rules)
  if (maybe !== undefined) {
    return {
      decision: 'ask',
      rule: maybe,
      basis: 'possibly-denied',
      reason: `"${shownCommand(command.source)}" may run what ${describeRule(maybe)} denies: part of it is known only when it runs`,
    }
  }
  const asked = commandMatch(rules.ask, target, command.denyTexts, looseMatch)
  if (asked !== undefined)
    return { decision: 'ask', rule: asked, basis: 'rule', reason: `${describeRule(asked)} asks` }
  if (command.allowText === undefined) return undefined
  const allowed = commandMatch(rules.allow, target, [command.allowText], mustMatch)
  if (allowed !== undefined)
    return { decision: 'allow', rule: allowed, reason: `allowed by ${describeRule(allowed)}` }
  return undefined
}

/** How a command reads in reasons. */
export function commandLabel(text: string): string {
  return displayText(text)
}

/**
 * Path rules on one file (SPEC §18.2): `candidates` are the normalised path and, when they
 * differ, what its symlinks resolve to. A deny or ask applies when any candidate matches, an
 * allow only when each is allowed (by the same rule or by different ones: the link by one, its
 * target by another); the rule shown is the one that allows the path as written. A `Read` deny also denies editing. `denyOnly`: allow rules are not
 * read (a file a redirection reads, a nested command's redirection). A rule that could not be
 * matched against the file (its matcher failed) fails closed: unless a deny matched, the file
 * asks as `cannot-read` — never an allow, never a throw (SPEC §26).
 */
export function pathVerdict(
  kind: 'read' | 'edit',
  candidates: readonly string[],
  target: RuleTarget,
  rules: RuleSet,
  denyOnly: boolean,
): Verdict | undefined {
  const matching = new PathMatching()
  const any = (rule: CompiledRule) => candidates.some((path) => matching.test(rule, path))
  const shown = candidates[0] ?? ''
  const denyLists = kind === 'edit' ? [rules.deny.edit, rules.deny.read] : [rules.deny.read]
  let denied = rules.deny.bareFor(target.ruleName, target.server)[0]
  for (const list of denyLists) denied = earlier(denied, firstOf(list, any))
  if (denied !== undefined)
    return { decision: 'deny', rule: denied, reason: `denied by ${describeRule(denied)}` }
  const asked = earlier(
    rules.ask.bareFor(target.ruleName, target.server)[0],
    firstOf(kind === 'edit' ? rules.ask.edit : rules.ask.read, any),
  )
  let failed = matching.failed()
  if (failed !== undefined) return unmatched(failed, shown)
  if (asked !== undefined)
    return {
      decision: 'ask',
      rule: asked,
      basis: 'rule',
      reason: `${describeRule(asked)} asks about ${shown}`,
    }
  if (denyOnly) return undefined
  const allowed = earlier(
    rules.allow.bareFor(target.ruleName, target.server)[0],
    eachAllowed(kind === 'edit' ? rules.allow.edit : rules.allow.read, candidates, matching),
  )
  failed = matching.failed()
  if (failed !== undefined) return unmatched(failed, shown)
  if (allowed !== undefined)
    return { decision: 'allow', rule: allowed, reason: `allowed by ${describeRule(allowed)}` }
  return undefined
}

/** Path rules matched against files, and the first that could not be (its matcher failed). */
class PathMatching {
  #failed: CompiledRule | undefined

  test(rule: CompiledRule, path: string): boolean {
    if (rule.path === undefined) return false
    const matched = matchesPath(rule.path, path)
    if (matched === undefined) this.#failed ??= rule
    return matched === true
  }

  /** The first rule that could not be matched so far, if any. */
  failed(): CompiledRule | undefined {
    return this.#failed
  }
}

/** The ask of a file a path rule could not be matched against (SPEC §26: fail closed). */
function unmatched(rule: CompiledRule, shown: string): Verdict {
  return {
    decision: 'ask',
    rule,
    basis: 'cannot-read',
    reason: `${describeRule(rule)} could not be matched against ${shown}`,
  }
}

/** The allow rule of the first candidate when every candidate has one, else undefined. */
function eachAllowed(
  list: readonly CompiledRule[],
  candidates: readonly string[],
  matching: PathMatching,
): CompiledRule | undefined {
  let shown: CompiledRule | undefined
  for (const path of candidates) {
    const rule = firstOf(list, (each) => matching.test(each, path))
    if (rule === undefined) return undefined
    shown ??= rule
  }
  return shown
}

/** `WebFetch(domain:…)` rules on one URL's host (undefined: a URL without one). */
export function fetchVerdict(
  host: string | undefined,
  target: RuleTarget,
  rules: RuleSet,
): Verdict | undefined {
  const match = (rule: CompiledRule) =>
    host !== undefined && rule.domain !== undefined && matchesDomain(rule.domain, host)
  const denied = earlier(
    rules.deny.bareFor(target.ruleName, target.server)[0],
    firstOf(rules.deny.fetch, match),
  )
  if (denied !== undefined)
    return { decision: 'deny', rule: denied, reason: `denied by ${describeRule(denied)}` }
  const asked = earlier(
    rules.ask.bareFor(target.ruleName, target.server)[0],
    firstOf(rules.ask.fetch, match),
  )
  if (asked !== undefined)
    return { decision: 'ask', rule: asked, basis: 'rule', reason: `${describeRule(asked)} asks` }
  if (host === undefined)
    return {
      decision: 'ask',
      basis: 'cannot-read',
      reason: 'a URL without a host, which no rule can allow',
    }
  const allowed = earlier(
    rules.allow.bareFor(target.ruleName, target.server)[0],
    firstOf(rules.allow.fetch, match),
  )
  if (allowed !== undefined)
    return { decision: 'allow', rule: allowed, reason: `allowed by ${describeRule(allowed)}` }
  return undefined
}

/**
 * A call matched by name only (SPEC §18.1): bare rules, and on deny and ask rules
 * `Name(param:value)` on a top-level scalar argument.
 */
export function callVerdict(
  args: unknown,
  target: RuleTarget,
  rules: RuleSet,
): Verdict | undefined {
  const byParam = (rule: CompiledRule) => rule.param !== undefined && matchesParam(rule.param, args)
  const denied = earlier(
    rules.deny.bareFor(target.ruleName, target.server)[0],
    firstOf(rules.deny.specified.get(target.ruleName) ?? [], byParam),
  )
  if (denied !== undefined)
    return { decision: 'deny', rule: denied, reason: `denied by ${describeRule(denied)}` }
  const asked = earlier(
    rules.ask.bareFor(target.ruleName, target.server)[0],
    firstOf(rules.ask.specified.get(target.ruleName) ?? [], byParam),
  )
  if (asked !== undefined)
    return { decision: 'ask', rule: asked, basis: 'rule', reason: `${describeRule(asked)} asks` }
  const allowed = rules.allow.bareFor(target.ruleName, target.server)[0]
  if (allowed !== undefined)
    return { decision: 'allow', rule: allowed, reason: `allowed by ${describeRule(allowed)}` }
  return undefined
}
