import type { Subject } from '@toolpipe/tools'
import type { Explanation, PermissionDecision, SubjectExplanation } from '../../explanation.js'
import type { ShellAnalysis } from '../shell/analyze-shell.js'
import { hostOf } from '../rules/domain-pattern.js'
import { CallItems } from './call-items.js'
import { callVerdict, fetchVerdict } from './claude-verdicts.js'
import { judgeCommand } from './command-subject.js'
import type { JudgedCommand } from './command-subject.js'
import { ruleField } from './evaluation-context.js'
import type { CallFacts, EvaluationContext } from './evaluation-context.js'
import type { Final } from './final-decision.js'
import { pathCandidates } from './path-candidates.js'
import { stricter } from './verdict.js'

export type { CallFacts, EvaluationContext, SandboxView } from './evaluation-context.js'

/** An evaluation: the explanation, and what persisting an always-answer needs. */
export interface Evaluation {
  readonly explanation: Explanation
  /** The command analyses, one per command subject (undefined for other subjects). */
  readonly analyses: readonly (ShellAnalysis | undefined)[]
  /**
   * The redirections of `explanation` whose file depends on which of the line's `cd` commands
   * ran, each with every place it may be (SPEC §26): an always-answer names none of them.
   * Absent: none.
   */
  readonly uncertainFiles?: ReadonlyMap<SubjectExplanation, readonly string[]>
}

/**
 * Decides a call (SPEC §18.2, §18.3, §26): every item of it (each simple command, redirection,
 * file, URL, or the call itself) is judged by the Claude-style rules and the Gemini rules, the
 * stricter winning; an item no rule decided is decided by the mode; then any deny denies the
 * call, any ask makes it ask, and it is allowed only when every item is.
 */
export function evaluateCall(facts: CallFacts, context: EvaluationContext): Evaluation {
  const items = new CallItems(facts, context)
  const oversized = items.oversized()
  if (oversized !== undefined) return { explanation: oversized, analyses: [] }
  const { rules } = context
  const subjects: SubjectExplanation[] = []
  const analyses: (ShellAnalysis | undefined)[] = []
  const uncertainFiles = new Map<SubjectExplanation, readonly string[]>()
  const list = facts.subjects ?? []
  if (list.length === 0) {
    items.decide({
      verdict: stricter(callVerdict(facts.arguments, items.target, rules), items.geminiOnCall()),
    })
  }
  for (const subject of list) {
    if (subject.kind === 'command') {
      items.sandboxed = autoAllowedBySandbox(subject, context)
      const judged = judgeCommand(subject, items)
      items.sandboxed = false
      analyses.push(judged.analysis)
      subjects.push(explainCommandSubject(subject, judged, uncertainFiles))
      continue
    }
    analyses.push(undefined)
    const final =
      subject.kind === 'fetch'
        ? items.decide({
            verdict: stricter(
              fetchVerdict(hostOf(subject.url), items.target, rules),
              items.geminiOnCall(),
            ),
          })
        : items.decide(
            items.pathItem(
              subject.kind,
              pathCandidates(subject.path, context.cwd, context.home),
              false,
            ),
          )
    subjects.push({ subject, ...summary([final]) })
  }
  const { decision, basis, reason, ...rule } = summary(items.finals)
  return {
    explanation: { decision, basis, mode: context.mode, ...rule, reason, subjects },
    analyses,
    uncertainFiles,
  }
}

/**
 * A command subject's entry (SPEC §18.3): one per subject, its redirections inside it, deciding
 * it too. A redirection whose file depends on the line's `cd`s is added to `uncertainFiles`.
 */
function explainCommandSubject(
  subject: Subject,
  judged: JudgedCommand,
  uncertainFiles: Map<SubjectExplanation, readonly string[]>,
): SubjectExplanation {
  const redirects = judged.redirects.map((redirect) => {
    const entry = {
      subject: { kind: redirect.kind, path: redirect.path },
      ...summary([redirect.final]),
    }
    if (redirect.places.length > 0) uncertainFiles.set(entry, redirect.places)
    return entry
  })
  const finals = [...judged.finals, ...judged.redirects.map((redirect) => redirect.final)]
  return {
    subject,
    ...summary(finals),
    commands: judged.commands,
    ...(redirects.length === 0 ? {} : { redirects }),
  }
}

/**
 * Whether a command subject runs in the sandbox with `autoAllowBashIfSandboxed` (SPEC §23):
 * the setting defaults to true, so a box without the member (the SPEC's `Sandbox` has none)
 * auto-allows, and `false` (or any value but `true`) turns it off; never for
 * `dangerouslyDisableSandbox`, never when the sandbox cannot say (a throw, or anything but `true`
 * from `willSandbox`, is a no).
 */
function autoAllowedBySandbox(
  subject: Extract<Subject, { kind: 'command' }>,
  context: EvaluationContext,
): boolean {
  const sandbox = context.sandbox
  if (sandbox === undefined || subject.dangerouslyDisableSandbox === true) return false
  try {
    // A foreign object: missing is the default (true); any other value but `true` is a no.
    const autoAllow: unknown = sandbox.autoAllowBashIfSandboxed
    if (autoAllow !== undefined && autoAllow !== true) return false
    const sandboxed: unknown = sandbox.willSandbox(subject.command)
    return sandboxed === true
  } catch {
    return false
  }
}

/**
 * The deciding final of several: the first deny, else the first ask, else an allow — of a deny
 * or an ask, one with a reason of its own (a rule, a hidden command, a line that cannot be read)
 * before one the mode gave for want of a rule: `PATH=. ls` under `Bash(ls *)` asks because the
 * assignment hides what runs, not because no rule matched.
 */
function summary(finals: readonly Final[]): Omit<SubjectExplanation, 'subject' | 'commands'> {
  const first = (decision: PermissionDecision) =>
    finals.find((final) => final.decision === decision && final.basis !== 'mode') ??
    finals.find((final) => final.decision === decision)
  const deciding =
    first('deny') ??
    first('ask') ??
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
