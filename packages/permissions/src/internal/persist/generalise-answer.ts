import type { Explanation, SubjectExplanation } from '../../explanation.js'
import type { Evaluation } from '../evaluate/evaluate-call.js'
import type { ShellAnalysis } from '../shell/analyze-shell.js'
import { shownCommand } from '../shell/command-text.js'
import type { Subject } from '@toolpipe/tools'
import { pathCandidates } from '../evaluate/path-candidates.js'
import { hostOf } from '../rules/domain-pattern.js'
import { commandRule } from './command-rule.js'

/** What an always-answer becomes (SPEC §18.3, §26). */
export interface GeneralisedAnswer {
  readonly rules: readonly string[]
  /** Why a rule was not written for part of the call (or for all of it); empty when none. */
  readonly withheld: readonly string[]
}

/**
 * The rules an `allowed-always` / `rejected-always` answer adds (SPEC §18.3, §26): for each
 * simple command the rules did not already decide, its first word, plus its second when that is
 * a subcommand (not a flag, without `/` or `.`) — for npm, pnpm, yarn, git, cargo, go, docker and
 * kubectl also the subcommand's first argument when it is not a flag — then ` *`. Never over a
 * word known only at run time (`git $SUB`, a glob), never `Name *` for a program that destroys
 * or escalates (`rm`, `sudo`, `git push --force`: the exact command instead), never an allow
 * for a command, file, URL or tool an ask rule matched (it could never apply: each is withheld,
 * saying why), never a rule for a line holding anything no rule may allow, nor for a call whose
 * subjects could not be read. `Read` and `Edit` rules name the exact path in `//absolute` form
 * — a redirection's file only where it is certain: where the line's `cd` commands leave it more
 * than one place, no rule names it (the answer applies once), never a file the person did not
 * see; a URL its domain; a tool matched by name its name.
 */
export function generaliseAnswer(
  ruleName: string,
  subjects: readonly Subject[] | undefined,
  evaluation: Evaluation,
  paths: { readonly cwd: string; readonly home: string },
  list: 'allow' | 'deny',
): GeneralisedAnswer {
  const { analyses, explanation } = evaluation
  const subjectList = subjects ?? []
  if (subjectList.length === 0) return nameOnlyAnswer(ruleName, explanation, list)
  const refused = unallowableLine(analyses)
  if (refused !== undefined) return { rules: [], withheld: [refused] }
  const answer: DraftAnswer = { rules: [], withheld: [] }
  let analysisIndex = 0
  for (const subject of subjectList) {
    const explained = explanation.subjects.find((entry) => entry.subject === subject)
    if (subject.kind === 'command') {
      const analysis = analyses[analysisIndex++]
      if (analysis !== undefined) addCommandRules(answer, ruleName, analysis, explained, list)
      continue
    }
    const shown = subject.kind === 'fetch' ? subject.url : subject.path
    if (explained !== undefined && !answerable(answer, shown, explained, list)) continue
    if (subject.kind === 'fetch') {
      const host = hostOf(subject.url)
      if (host !== undefined) add(answer, `WebFetch(domain:${host})`)
      continue
    }
    const absolute = pathCandidates(subject.path, paths.cwd, paths.home)[0] ?? subject.path
    add(answer, `${subject.kind === 'read' ? 'Read' : 'Edit'}(/${escapePath(absolute)})`)
  }
  addRedirectRules(answer, evaluation, list)
  return answer
}

/**
 * Redirections the call asked about: exact Edit rules for their files — none for a file known
 * only when it runs, nor for one the line's `cd` commands leave in more than one place.
 */
function addRedirectRules(
  answer: DraftAnswer,
  evaluation: Evaluation,
  list: 'allow' | 'deny',
): void {
  for (const entry of evaluation.explanation.subjects.flatMap(
    (subject) => subject.redirects ?? [],
  )) {
    if (entry.subject.kind !== 'edit') continue
    if (!answerable(answer, entry.subject.path, entry, list)) continue
    const places = evaluation.uncertainFiles?.get(entry)
    if (places !== undefined) {
      const shown = places.length > 3 ? [...places.slice(0, 3), '…'] : places
      answer.withheld.push(
        `a redirection to a file whose place depends on which cd commands of the line ran (${shown.join(', ')}), so no rule names it: the answer applies once`,
      )
    } else if (entry.subject.path !== '…') add(answer, `Edit(/${escapePath(entry.subject.path)})`)
    else answer.withheld.push('a redirection to a file known only when it runs')
  }
}

/**
 * A tool matched by name (no subjects): its name, unless an ask rule matched the call (an allow
 * could never apply) or its subjects could not be read (the name would stand for every call).
 */
function nameOnlyAnswer(
  ruleName: string,
  explanation: Explanation,
  list: 'allow' | 'deny',
): GeneralisedAnswer {
  if (explanation.basis === 'cannot-read') {
    return {
      rules: [],
      withheld: [
        `its subjects cannot be read (${explanation.reason}), so a rule for it would stand for every call of ${ruleName}`,
      ],
    }
  }
  const never = neverApplies(ruleName, explanation, list)
  return never === undefined
    ? { rules: [ruleName], withheld: [] }
    : { rules: [], withheld: [never] }
}

/**
 * Whether an answer adds a rule for an item (a file, a URL, a redirection) the rules judged as
 * `judged`: not when a rule decided it other than by asking, nor when an allow could never apply
 * (then `answer` says why).
 */
function answerable(
  answer: DraftAnswer,
  shown: string,
  judged: Pick<SubjectExplanation, 'basis' | 'decision' | 'rule'>,
  list: 'allow' | 'deny',
): boolean {
  if (judged.basis === 'rule' && judged.decision !== 'ask') return false
  const never = neverApplies(shown, judged, list)
  if (never !== undefined) answer.withheld.push(never)
  return never === undefined
}

/**
 * Why an allow rule for an item would never apply (SPEC §26): an ask rule matched it, or a deny
 * rule may; undefined when it would (and always for a deny answer: a deny comes first).
 */
function neverApplies(
  shown: string,
  judged: Pick<SubjectExplanation, 'basis' | 'rule'>,
  list: 'allow' | 'deny',
): string | undefined {
  if (list !== 'allow') return undefined
  if (judged.basis === 'rule' && judged.rule?.list === 'ask') {
    return `"${shown}": ${judged.rule.text} asks about it, so an allow rule could never apply`
  }
  if (judged.basis === 'possibly-denied') {
    return `"${shown}": a deny rule may match it, so an allow rule could never apply`
  }
  return undefined
}

interface DraftAnswer {
  readonly rules: string[]
  readonly withheld: string[]
}

function add(answer: DraftAnswer, rule: string): void {
  if (!answer.rules.includes(rule)) answer.rules.push(rule)
}

/** Why no rule may be written for the call: a line that cannot be parsed, or hides a command. */
function unallowableLine(analyses: readonly (ShellAnalysis | undefined)[]): string | undefined {
  for (const analysis of analyses) {
    if (analysis === undefined) continue
    if (analysis.unparseable !== undefined) return 'the command line cannot be parsed'
    if (analysis.hidingConstructs.length > 0) {
      return `the line holds ${analysis.hidingConstructs.join(', ')}, which no rule may allow`
    }
  }
  return undefined
}

/**
 * A rule for each simple command of a command subject that the rules did not already decide
 * (nested ones aside), or why none: an allow could never apply where an ask rule or a possible
 * deny matched.
 */
function addCommandRules(
  answer: DraftAnswer,
  ruleName: string,
  analysis: ShellAnalysis,
  explained: SubjectExplanation | undefined,
  list: 'allow' | 'deny',
): void {
  analysis.commands.forEach((command, index) => {
    const decided = explained?.commands?.[index]
    if (command.nested) return
    if (decided !== undefined && !answerable(answer, decided.command, decided, list)) return
    const rule = commandRule(ruleName, command, list)
    if (typeof rule === 'string') add(answer, rule)
    else answer.withheld.push(`"${shownCommand(command.source)}": ${rule.withheld}`)
  })
}

/** An absolute path as a gitignore pattern matching exactly it. */
function escapePath(path: string): string {
  let out = ''
  for (const char of path) out += '*?[]\\!#'.includes(char) ? `\\${char}` : char
  return out.endsWith(' ') ? `${out.slice(0, -1)}\\ ` : out
}
