import { canonicalJson } from '@toolpipe/core/internal'
import { readMcpName } from '../rules/rule-text.js'
import { canonicalRuleName } from '@toolpipe/settings-files'
import { pathVerdict } from './claude-verdicts.js'
import type { RuleTarget } from './claude-verdicts.js'
import type { CallFacts, EvaluationContext } from './evaluation-context.js'
import { finalDecision } from './final-decision.js'
import type { Final, Item } from './final-decision.js'
import { geminiVerdict } from './gemini-verdict.js'
import type { GeminiFacts } from './gemini-verdict.js'
import { quadraticBudget } from './gemini-verdict.js'
import { isInside } from './path-candidates.js'
import { stricter } from './verdict.js'
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

  constructor(facts: CallFacts, context: EvaluationContext) {
    this.facts = facts
    this.context = context
    const ruleName = canonicalRuleName(facts.ruleName)
    this.target = { ruleName, server: readMcpName(ruleName)?.server }
    let argsJson: string | undefined
    this.gemini = {
      ruleName: facts.ruleName,
      mode: context.mode,
      agentId: facts.agentId,
      hints: facts.hints,
      argsJson: () => (argsJson ??= canonicalJson(facts.arguments)),
      quadraticBudget: { left: quadraticBudget },
    }
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
    const { rules, cwd } = this.context
    const folders = [cwd, ...rules.additionalDirectories]
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
}
