import type {
  CommandExplanation,
  Explanation,
  PermissionDecision,
  SubjectExplanation,
} from '../../explanation.js'
import type { Mode } from '../../mode.js'
import type { BashParser } from '../shell/bash-parser.js'
import { analyzeShell } from '../shell/analyze-shell.js'
import type { ShellAnalysis } from '../shell/analyze-shell.js'
import type { RuleSet } from '../rules/rule-set.js'
import { hostOf } from '../rules/domain-pattern.js'
import { stableJson } from '../rules/gemini-policy.js'
import { readMcpName } from '../rules/rule-text.js'
import type { Subject } from '@toolpipe/tools'
import { commandVerdict, fetchVerdict, pathVerdict, callVerdict } from './claude-verdicts.js'
import type { RuleTarget } from './claude-verdicts.js'
import { geminiVerdict } from './gemini-verdict.js'
import type { GeminiFacts } from './gemini-verdict.js'
import { isInside, pathCandidates } from './path-candidates.js'
import { explainRule } from './explain-rule.js'
import { stricter } from './verdict.js'
import type { Verdict } from './verdict.js'

/** What the rules read of a call. */
export interface CallFacts {
  readonly ruleName: string
  readonly arguments: unknown
  /** Undefined (or empty): a tool matched by name only. */
  readonly subjects: readonly Subject[] | undefined
  readonly readOnly: boolean
  readonly hints: Readonly<Record<string, unknown>>
  readonly agentId: string | undefined
}

/** What a call is judged with. */
export interface EvaluationContext {
  readonly rules: RuleSet
  readonly mode: Mode
  readonly parser: BashParser
  readonly cwd: string
  readonly home: string
}

/** An evaluation: the explanation, and what persisting an always-answer needs. */
export interface Evaluation {
  readonly explanation: Explanation
  /** The command analyses, one per command subject (undefined for other subjects). */
  readonly analyses: readonly (ShellAnalysis | undefined)[]
}

/** Files a redirection may name without it being an edit. */
const harmlessTargets = new Set([
  '/dev/null',
  '/dev/stdout',
  '/dev/stderr',
  '/dev/tty',
  '/dev/fd/1',
  '/dev/fd/2',
])

interface Item {
  readonly verdict: Verdict | undefined
  /** An edit inside the working or an additional directory (acceptEdits allows it). */
  readonly insideEdit: boolean
  /** Deny and ask only: never decided by the mode. */
  readonly denyOnly: boolean
}

interface Final {
  readonly decision: PermissionDecision
  readonly verdict: Verdict | undefined
  readonly reason: string
}

/**
 * Decides a call (SPEC §18.2, §18.3): every item of it (each simple command, redirection, file,
 * URL, or the call itself) is judged by the Claude-style rules and the Gemini rules, the
 * stricter winning; an item no rule decided is decided by the mode; then any deny denies the
 * call, any ask makes it ask, and it is allowed only when every item is.
 */
export function evaluateCall(facts: CallFacts, context: EvaluationContext): Evaluation {
  const { rules, mode } = context
  const mcp = readMcpName(facts.ruleName)
  const target: RuleTarget = { ruleName: facts.ruleName, server: mcp?.server }
  let argsJson: string | undefined
  const gemini: GeminiFacts = {
    ruleName: facts.ruleName,
    mode,
    agentId: facts.agentId,
    hints: facts.hints,
    argsJson: () => (argsJson ??= stableJson(facts.arguments)),
  }
  const geminiRules = rules.gemini
  const all: Final[] = []
  const subjects: SubjectExplanation[] = []
  const analyses: (ShellAnalysis | undefined)[] = []

  const decide = (item: Item): Final => {
    const final = finalDecision(item, facts, mode)
    all.push(final)
    return final
  }

  const subjectList = facts.subjects ?? []
  if (subjectList.length === 0) {
    const claude = callVerdict(facts.arguments, target, rules)
    const verdict = stricter(
      claude,
      geminiRules.length === 0 ? undefined : geminiVerdict(geminiRules, gemini, undefined),
    )
    decide({ verdict, insideEdit: false, denyOnly: false })
  }

  const pathItem = (kind: 'read' | 'edit', path: string, base: string, denyOnly: boolean): Item => {
    const candidates = pathCandidates(path, base, context.home)
    const claude = pathVerdict(kind, candidates, target, rules, denyOnly)
    const fromGemini =
      denyOnly || geminiRules.length === 0
        ? undefined
        : geminiVerdict(geminiRules, gemini, undefined)
    const inside =
      kind === 'edit' &&
      candidates.every((candidate) =>
        [context.cwd, ...rules.additionalDirectories].some((folder) => isInside(candidate, folder)),
      )
    return { verdict: stricter(claude, fromGemini), insideEdit: inside, denyOnly }
  }

  for (const subject of subjectList) {
    if (subject.kind === 'command') {
      const base = subject.cwd ?? context.cwd
      const analysis = analyzeShell(context.parser, subject.command)
      analyses.push(analysis)
      const commands: CommandExplanation[] = []
      const finals: Final[] = []
      if (analysis.unparseable !== undefined) {
        finals.push(
          decide({
            verdict: {
              decision: 'ask',
              reason: `the command line cannot be parsed: ${analysis.unparseable}`,
            },
            insideEdit: false,
            denyOnly: false,
          }),
        )
      }
      const visibleRedirects = analysis.redirects.some(
        (redirect) =>
          redirect.kind === 'edit' && !harmlessTargets.has(redirect.target.literal ?? ''),
      )
      for (const command of analysis.commands) {
        const claude = commandVerdict(command, target, rules)
        const fromGemini =
          geminiRules.length === 0
            ? undefined
            : geminiVerdict(geminiRules, gemini, {
                allowText: command.allowText,
                denyTexts: command.denyTexts,
                redirects: visibleRedirects,
                hidden: analysis.hidden.length > 0,
              })
        let verdict = stricter(
          claude,
          command.nested && fromGemini?.decision === 'allow' ? undefined : fromGemini,
        )
        if (command.nested && verdict?.decision === 'allow') verdict = undefined
        const final = decide({ verdict, insideEdit: false, denyOnly: command.nested })
        finals.push(final)
        commands.push({
          command: command.source,
          decision: final.decision,
          ...ruleField(final.verdict),
          reason: final.reason,
        })
      }
      if (analysis.hidden.length > 0) {
        finals.push(
          decide({
            verdict: {
              decision: 'ask',
              reason: `no rule may allow ${analysis.hidden.join(', ')}: it hides a command from the rules`,
            },
            insideEdit: false,
            denyOnly: false,
          }),
        )
      }
      if (analysis.commands.length === 0 && analysis.unparseable === undefined) {
        finals.push(
          decide({
            verdict: callVerdict(facts.arguments, target, rules),
            insideEdit: false,
            denyOnly: false,
          }),
        )
      }
      subjects.push(summarise(subject, finals, commands))
      for (const redirect of analysis.redirects) {
        const literal = redirect.target.literal
        if (literal !== undefined && harmlessTargets.has(literal)) continue
        const kind = redirect.kind
        if (literal === undefined) {
          if (redirect.nested || kind === 'read') continue
          const final = decide({
            verdict: { decision: 'ask', reason: 'a redirection to a file known only when it runs' },
            insideEdit: false,
            denyOnly: false,
          })
          subjects.push({
            subject: { kind, path: '…' },
            decision: final.decision,
            reason: final.reason,
          })
          continue
        }
        const item = pathItem(kind, literal, base, redirect.nested || kind === 'read')
        if (item.denyOnly && item.verdict === undefined) continue
        const final = decide(item)
        subjects.push({
          subject: { kind, path: pathCandidates(literal, base, context.home)[0] ?? literal },
          decision: final.decision,
          ...ruleField(final.verdict),
          reason: final.reason,
        })
      }
      continue
    }
    analyses.push(undefined)
    if (subject.kind === 'fetch') {
      const claude = fetchVerdict(hostOf(subject.url), target, rules)
      const verdict = stricter(
        claude,
        geminiRules.length === 0 ? undefined : geminiVerdict(geminiRules, gemini, undefined),
      )
      const final = decide({ verdict, insideEdit: false, denyOnly: false })
      subjects.push({
        subject,
        decision: final.decision,
        ...ruleField(final.verdict),
        reason: final.reason,
      })
      continue
    }
    const final = decide(pathItem(subject.kind, subject.path, context.cwd, false))
    subjects.push({
      subject,
      decision: final.decision,
      ...ruleField(final.verdict),
      reason: final.reason,
    })
  }

  const relevant = all
  const deciding =
    relevant.find((final) => final.decision === 'deny') ??
    relevant.find((final) => final.decision === 'ask') ??
    relevant.find((final) => final.verdict?.rule === undefined) ??
    relevant[0]
  const decision: PermissionDecision = deciding?.decision ?? 'allow'
  const explanation: Explanation = {
    decision,
    mode,
    ...ruleField(deciding?.verdict),
    reason: deciding?.reason ?? 'nothing to decide',
    subjects,
  }
  return { explanation, analyses }
}

function ruleField(verdict: Verdict | undefined): { rule?: NonNullable<Explanation['rule']> } {
  return verdict?.rule === undefined ? {} : { rule: explainRule(verdict.rule) }
}

function summarise(
  subject: Subject,
  finals: readonly Final[],
  commands: CommandExplanation[],
): SubjectExplanation {
  const deciding =
    finals.find((final) => final.decision === 'deny') ??
    finals.find((final) => final.decision === 'ask') ??
    finals.find((final) => final.verdict?.rule === undefined) ??
    finals[0]
  return {
    subject,
    decision: deciding?.decision ?? 'allow',
    ...ruleField(deciding?.verdict),
    reason: deciding?.reason ?? 'nothing to decide',
    commands,
  }
}

/** The mode's part (SPEC §18.2): it decides what no rule did, and turns asks per its kind. */
function finalDecision(item: Item, facts: CallFacts, mode: Mode): Final {
  const verdict = item.verdict
  if (verdict?.decision === 'deny') return { decision: 'deny', verdict, reason: verdict.reason }
  if (mode === 'plan' && !facts.readOnly) {
    return {
      decision: 'deny',
      verdict: undefined,
      reason: 'denied: plan mode lets only read-only tools run',
    }
  }
  if (item.denyOnly && verdict === undefined) {
    return { decision: 'allow', verdict: undefined, reason: 'read by deny and ask rules only' }
  }
  if (verdict?.decision === 'allow') return { decision: 'allow', verdict, reason: verdict.reason }
  if (verdict === undefined) {
    if (mode === 'acceptEdits' && item.insideEdit) {
      return {
        decision: 'allow',
        verdict: undefined,
        reason: 'allowed: acceptEdits mode accepts edits in the working directories',
      }
    }
    if (mode === 'plan')
      return {
        decision: 'allow',
        verdict: undefined,
        reason: 'allowed: a read-only tool in plan mode',
      }
    return ask(undefined, `no rule matched (${mode} mode)`, mode)
  }
  return ask(verdict, verdict.reason, mode)
}

function ask(verdict: Verdict | undefined, reason: string, mode: Mode): Final {
  if (mode === 'dontAsk')
    return {
      decision: 'deny',
      verdict,
      reason: `denied: dontAsk mode denies what would ask (${reason})`,
    }
  if (mode === 'bypassPermissions') {
    return {
      decision: 'allow',
      verdict: undefined,
      reason: `allowed: bypassPermissions mode allows what would ask (${reason})`,
    }
  }
  return { decision: 'ask', verdict, reason }
}
