import type { ToolDecision } from '@toolpipe/tools'
import type { PermissionMode as Mode } from '@toolpipe/settings-files'
import type { ToolView } from '../read-subjects.js'
import type { RuleSet } from '../rules/rule-set.js'
import { canonicalRuleName } from '@toolpipe/settings-files'
import type { CallJudgement } from './call-judgement.js'

/** A call's judgement and the decision record it gives. */
export interface JudgedCall {
  readonly judgement: CallJudgement
  readonly decision: ToolDecision
}

/**
 * Whether every call of the tool gets the same judgement while the rules and the mode stay: a
 * tool matched by name only (no `subjects`), with no Gemini rule in force and no
 * `Name(param:value)` deny or ask rule naming it (only those read its arguments).
 */
export function isJudgedByNameOnly(view: ToolView, rules: RuleSet): boolean {
  const ruleName = canonicalRuleName(view.ruleName)
  return (
    view.rules?.subjects === undefined &&
    rules.gemini.length === 0 &&
    !rules.deny.paramTools.has(ruleName) &&
    !rules.ask.paramTools.has(ruleName)
  )
}

/**
 * The judgements of tools matched by name only, worked out once per tool view, rule set and
 * mode (a reload or a mode change starts over): what makes such a call cost little more than the
 * one promise any `tools/pre-execute` listener adds.
 */
export class NameOnlyJudgements {
  readonly #judged = new WeakMap<
    ToolView,
    JudgedCall & { readonly rules: RuleSet; readonly mode: Mode }
  >()

  /** The judgement made for `view` under these rules and this mode, if there is one. */
  get(view: ToolView, rules: RuleSet, mode: Mode): JudgedCall | undefined {
    const judged = this.#judged.get(view)
    return judged?.rules === rules && judged.mode === mode ? judged : undefined
  }

  set(view: ToolView, rules: RuleSet, judged: JudgedCall): void {
    this.#judged.set(view, { ...judged, rules, mode: judged.judgement.evaluation.explanation.mode })
  }
}
