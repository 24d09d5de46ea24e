import type { Explanation } from '../../explanation.js'
import { readMcpName } from '../rules/rule-text.js'
import type { RuleSet } from '../rules/rule-set.js'
import { matchingCost, maxPathFolders } from '../rules/path-pattern.js'
import { maxPathLength } from '../shell/path-word.js'
import { canonicalRuleName } from '@toolpipe/settings-files'
import { jsonOf, maxArgumentsDepth, maxInputSize, measureArguments } from './call-input.js'
import type { MeasuredArguments } from './call-input.js'
import { maxSubjects, subjectsSize, withCommand } from './call-input.js'
import { pathVerdict } from './claude-verdicts.js'
import type { RuleTarget } from './claude-verdicts.js'
import { ruleField } from './evaluation-context.js'
import type { CallFacts, EvaluationContext } from './evaluation-context.js'
import { finalDecision } from './final-decision.js'
import type { Final, Item } from './final-decision.js'
import { geminiVerdict } from './gemini-verdict.js'
import type { GeminiFacts } from './gemini-verdict.js'
import { quadraticBudget } from './gemini-verdict.js'
import { isInside, physicalPath } from './path-candidates.js'
import { describeRule, stricter } from './verdict.js'
import type { Verdict } from './verdict.js'

/**
 * The items of one call as they are judged (SPEC §18.2, §26): the tool as rules name it, what
 * Gemini rules read of the call, and the final decision of every item so far (each simple
 * command, redirection, file, URL, or the call itself), the mode having had its part.
 */
export class CallItems {
  readonly facts: CallFacts
  readonly context: EvaluationContext
  /** The tool as rules name it: either family's name is the same tool, Claude Code's kept. */
  readonly target: RuleTarget
  readonly gemini: GeminiFacts
  readonly finals: Final[] = []
  /** Whether the items decided now belong to a command that runs in the sandbox (SPEC §23). */
  sandboxed = false
  /** The arguments measured (undefined: they cannot be read). */
  readonly #measured: MeasuredArguments | undefined
  /** Whether Gemini rules may read the arguments' JSON: within the size and depth bounds. */
  readonly #jsonReadable: boolean
  /** The working and additional directories, each also where its symlinks lead: made once. */
  #folders: readonly string[] | undefined
  /** What the call may still read matching paths against rules (see {@link pathMatchingBudget}). */
  #pathBudget = pathMatchingBudget

  constructor(facts: CallFacts, context: EvaluationContext) {
    this.facts = facts
    this.context = context
    const ruleName = canonicalRuleName(facts.ruleName)
    this.target = { ruleName, server: readMcpName(ruleName)?.server }
    const measured = (this.#measured = measureArguments(facts.arguments))
    this.#jsonReadable =
      measured !== undefined && measured.size <= maxInputSize && measured.depth <= maxArgumentsDepth
    let argsJson: { readonly json: string | undefined } | undefined
    this.gemini = {
      ruleName: facts.ruleName,
      mode: context.mode,
      agentId: facts.agentId,
      hints: facts.hints,
      argsJson: () => (argsJson ??= { json: this.argsJsonWith(undefined) }).json,
      quadraticBudget: { left: quadraticBudget },
    }
  }

  /**
   * The canonical JSON of the arguments, with `command` set to one simple command when given
   * (Gemini CLI's sub-command check). Undefined when it is unknown — arguments larger or deeper
   * than the bounds, or that cannot be read: Gemini rules then take an allow as not matching and
   * a deny or ask as possibly matching (SPEC §26, fail closed).
   */
  argsJsonWith(command: string | undefined): string | undefined {
    if (!this.#jsonReadable) return undefined
    const args = this.facts.arguments
    return jsonOf(() => (command === undefined ? args : withCommand(args, command)))
  }

  /**
   * The decision of a call whose input passes {@link maxInputSize} — its arguments, or apart its
   * subjects — or whose arguments cannot be read (SPEC §26, bounded work): it asks at once,
   * before any rule reads a subject, and no mode turns that ask into an allow (`cannot-read`).
   * Rules that read nothing of the input still decide: a bare deny of the tool denies, and so
   * does a Gemini rule on its name. Undefined for any other call.
   */
  oversized(): Explanation | undefined {
    const why = this.#tooLarge()
    if (why === undefined) return undefined
    const ask: Verdict = { decision: 'ask', basis: 'cannot-read', reason: why }
    const final = this.decide({
      verdict: stricter(
        stricter(byName(this.target, this.context.rules), ask),
        this.geminiOnCall(),
      ),
    })
    const { decision, basis, reason, verdict } = final
    return { decision, basis, mode: this.context.mode, ...ruleField(verdict), reason, subjects: [] }
  }

  #tooLarge(): string | undefined {
    const measured = this.#measured
    const limit = `larger than 100 KB (${String(maxInputSize)} characters): too much to judge in bounded time`
    if (measured === undefined) return "the call's arguments cannot be read (a getter threw)"
    if (measured.size > maxInputSize) return `the call's arguments are ${limit}`
    const subjects = this.facts.subjects
    if (subjectsSize(subjects) > maxInputSize) return `the call's subjects are ${limit}`
    if ((subjects?.length ?? 0) > maxSubjects) {
      return `more than ${String(maxSubjects)} subjects in one call: too much to judge in bounded time`
    }
    return undefined
  }

  /** The Gemini rules' verdict on the call as a whole; undefined when there are none. */
  geminiOnCall(): Verdict | undefined {
    const rules = this.context.rules.gemini
    return rules.length === 0 ? undefined : geminiVerdict(rules, this.gemini, { kind: 'call' })
  }

  /** Gives an item its final decision (the mode deciding what no rule did), and records it. */
  decide(item: Item): Final {
    const final = finalDecision(item, this.facts.readOnly, this.context.mode, this.sandboxed)
    this.finals.push(final)
    return final
  }

  /**
   * A file read or edited: the path rules on its candidates, the Gemini rules on the call (not
   * for a file only deny and ask rules read), and whether it lies inside the working or an
   * additional directory (what `acceptEdits` and a read-only tool's reads go by).
   */
  pathItem(kind: 'read' | 'edit', candidates: readonly string[], denyOnly: boolean): Item {
    const { rules } = this.context
    const unknown = this.#spend(kind, candidates, denyOnly)
    if (unknown !== undefined) return { verdict: this.#unknownPath(unknown, denyOnly), denyOnly }
    const folders = this.#workingFolders()
    const inside = candidates.every((candidate) =>
      folders.some((folder) => isInside(candidate, folder)),
    )
    return {
      verdict: stricter(
        pathVerdict(kind, candidates, this.target, rules, denyOnly),
        denyOnly ? undefined : this.geminiOnCall(),
      ),
      insideEdit: kind === 'edit' && inside,
      insideRead: kind === 'read' && inside && this.facts.readOnly && !denyOnly,
      denyOnly,
    }
  }

  /**
   * The working and additional directories, each as given and where its symlinks lead (SPEC
   * §26: "inside … once resolved through symlinks"): a project reached through a link is inside
   * itself either way.
   */
  #workingFolders(): readonly string[] {
    if (this.#folders === undefined) {
      const { cwd, rules } = this.context
      this.#folders = [...new Set([cwd, physicalPath(cwd), ...rules.additionalDirectories])]
    }
    return this.#folders
  }

  /**
   * Takes what matching the path rules of `kind` against `candidates` reads from the call's
   * budget (SPEC §26, bounded work); or, when they cannot be matched in bounded time, says why.
   */
  #spend(
    kind: 'read' | 'edit',
    candidates: readonly string[],
    denyOnly: boolean,
  ): string | undefined {
    let cost = 0
    for (const candidate of candidates) {
      const one = matchingCost(candidate)
      if (one === undefined) {
        return `a path longer than ${String(maxPathLength)} characters or in more than ${String(maxPathFolders)} folders, which rules are not matched against`
      }
      cost += one
    }
    const { deny, ask, allow } = this.context.rules
    const lists = [...(kind === 'edit' ? [deny.edit, ask.edit] : [ask.read]), deny.read]
    if (!denyOnly) lists.push(kind === 'edit' ? allow.edit : allow.read)
    cost *= lists.reduce((rules, list) => rules + list.length, 0)
    if (cost > this.#pathBudget) {
      return `paths whose matching against the rules would pass this call's budget (${String(pathMatchingBudget)} characters read)`
    }
    this.#pathBudget -= cost
    return undefined
  }

  /**
   * A file whose path rules cannot be matched against in bounded time (SPEC §26): it asks, a bare
   * deny or a Gemini deny of the tool still denying; never an allow.
   */
  #unknownPath(why: string, denyOnly: boolean): Verdict | undefined {
    const ask: Verdict = {
      decision: 'ask',
      basis: 'cannot-read',
      reason: `${why}: too much to judge in bounded time`,
    }
    return stricter(
      stricter(byName(this.target, this.context.rules), ask),
      denyOnly ? undefined : this.geminiOnCall(),
    )
  }
}

/**
 * Characters one call may read matching paths against path rules (SPEC §26: ≤ 50 ms on 100 KB):
 * each path costs the length of every folder it is in and its own (see `matchingCost`), times
 * the path rules that read it. Ten million is some 50 ms on a loaded two-core machine; a call of
 * 500 files of ordinary depth under 20 rules spends a tenth of it. Spent, the call's next paths
 * are unknown: they ask.
 */
const pathMatchingBudget = 10_000_000

/** The bare deny or ask rule of the tool, which reads nothing of a call. */
function byName(target: RuleTarget, rules: RuleSet): Verdict | undefined {
  const denied = rules.deny.bareFor(target.ruleName, target.server)[0]
  if (denied !== undefined) {
    return { decision: 'deny', rule: denied, reason: `denied by ${describeRule(denied)}` }
  }
  const asked = rules.ask.bareFor(target.ruleName, target.server)[0]
  if (asked !== undefined) {
    return { decision: 'ask', rule: asked, basis: 'rule', reason: `${describeRule(asked)} asks` }
  }
  return undefined
}
