import type { Explanation, PermissionDecision, SubjectExplanation } from '../../explanation.js'
import type { ShellAnalysis } from '../shell/analyze-shell.js'
import { hostOf } from '../rules/domain-pattern.js'
import { canonicalJson } from '@toolpipe/core/internal'
import { canonicalRuleName } from '../rules/rule-name-aliases.js'
import { readMcpName } from '../rules/rule-text.js'
import { callVerdict, fetchVerdict, pathVerdict } from './claude-verdicts.js'
import type { RuleTarget } from './claude-verdicts.js'
import { judgeCommand } from './command-subject.js'
import { ruleField } from './evaluation-context.js'
import type { CallFacts, EvaluationContext } from './evaluation-context.js'
import { finalDecision } from './final-decision.js'
import type { Final, Item } from './final-decision.js'
import { geminiVerdict } from './gemini-verdict.js'
import type { GeminiFacts } from './gemini-verdict.js'
import { isInside, pathCandidates } from './path-candidates.js'
import { stricter } from './verdict.js'

export type { CallFacts, EvaluationContext } from './evaluation-context.js'

/** An evaluation: the explanation, and what persisting an always-answer needs. */
export interface Evaluation {
  readonly explanation: Explanation
  /** The command analyses, one per command subject (undefined for other subjects). */
  readonly analyses: readonly (ShellAnalysis | undefined)[]
}

/**
 * Decides a call (SPEC §18.2, §18.3, §26): every item of it (each simple command, redirection,
 * file, URL, or the call itself) is judged by the Claude-style rules and the Gemini rules, the
 * stricter winning; an item no rule decided is decided by the mode; then any deny denies the
 * call, any ask makes it ask, and it is allowed only when every item is.
 */
export function evaluateCall(facts: CallFacts, context: EvaluationContext): Evaluation {
  const { rules, mode } = context
  // Either family's name for a tool is the same tool (SPEC §26): rules keep Claude Code's.
  const ruleName = canonicalRuleName(facts.ruleName)
  const target: RuleTarget = { ruleName, server: readMcpName(ruleName)?.server }
  let argsJson: string | undefined
  const gemini: GeminiFacts = {
    ruleName: facts.ruleName,
    mode,
    agentId: facts.agentId,
    hints: facts.hints,
    argsJson: () => (argsJson ??= canonicalJson(facts.arguments)),
  }
  const fromGemini = () =>
    rules.gemini.length === 0 ? undefined : geminiVerdict(rules.gemini, gemini, { kind: 'call' })
  const all: Final[] = []
  const decide = (item: Item): Final => {
    const final = finalDecision(item, facts.readOnly, mode)
    all.push(final)
    return final
  }
  const pathItem = (
    kind: 'read' | 'edit',
    candidates: readonly string[],
    denyOnly: boolean,
  ): Item => {
    const folders = [context.cwd, ...rules.additionalDirectories]
    const inside = candidates.every((candidate) =>
      folders.some((folder) => isInside(candidate, folder)),
    )
    return {
      verdict: stricter(
        pathVerdict(kind, candidates, target, rules, denyOnly),
        denyOnly ? undefined : fromGemini(),
      ),
      insideEdit: kind === 'edit' && inside,
      insideRead: kind === 'read' && inside && facts.readOnly && !denyOnly,
      denyOnly,
    }
  }
  const subjects: SubjectExplanation[] = []
  const analyses: (ShellAnalysis | undefined)[] = []
  const list = facts.subjects ?? []
  if (list.length === 0)
    decide({ verdict: stricter(callVerdict(facts.arguments, target, rules), fromGemini()) })
  for (const subject of list) {
    if (subject.kind === 'command') {
      const judged = judgeCommand(
        subject,
        facts.arguments,
        target,
        gemini,
        context,
        decide,
        pathItem,
      )
      analyses.push(judged.analysis)
      subjects.push({ subject, ...summary(judged.finals), commands: judged.commands })
      for (const redirect of judged.redirects) {
        subjects.push({
          subject: { kind: redirect.kind, path: redirect.path },
          ...summary([redirect.final]),
        })
      }
      continue
    }
    analyses.push(undefined)
    const final =
      subject.kind === 'fetch'
        ? decide({
            verdict: stricter(fetchVerdict(hostOf(subject.url), target, rules), fromGemini()),
          })
        : decide(
            pathItem(subject.kind, pathCandidates(subject.path, context.cwd, context.home), false),
          )
    subjects.push({ subject, ...summary([final]) })
  }
  const { decision, basis, reason, ...rule } = summary(all)
  return { explanation: { decision, basis, mode, ...rule, reason, subjects }, analyses }
}

/** The deciding final of several: the first deny, else the first ask, else an allow. */
function summary(finals: readonly Final[]): Omit<SubjectExplanation, 'subject' | 'commands'> {
  const deciding =
    finals.find((final) => final.decision === 'deny') ??
    finals.find((final) => final.decision === 'ask') ??
    finals.find((final) => final.verdict?.rule === undefined) ??
    finals[0]
  const decision: PermissionDecision = deciding?.decision ?? 'allow'
  return {
    decision,
    basis: deciding?.basis ?? 'mode',
    ...ruleField(deciding?.verdict),
    reason: deciding?.reason ?? 'nothing to decide',
  }
}
