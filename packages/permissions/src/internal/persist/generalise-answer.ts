import type { Explanation, SubjectExplanation } from '../../explanation.js'
import type { ShellAnalysis, SimpleCommand } from '../shell/analyze-shell.js'
import { basename } from '../shell/command-spellings.js'
import { shownCommand } from '../shell/command-text.js'
import type { CommandWord } from '../shell/command-text.js'
import type { Subject } from '@toolpipe/tools'
import { pathCandidates } from '../evaluate/path-candidates.js'
import { hostOf } from '../rules/domain-pattern.js'
import {
  destructivePrograms,
  destructiveSubcommands,
  subcommandPrograms,
} from '../security-tables.js'

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
 * for a command an ask rule matched (it could never apply), never a rule for a line holding
 * anything no rule may allow. `Read` and `Edit` rules name the exact path in `//absolute` form; a
 * URL its domain; a tool matched by name its name.
 */
export function generaliseAnswer(
  ruleName: string,
  subjects: readonly Subject[] | undefined,
  analyses: readonly (ShellAnalysis | undefined)[],
  explanation: Explanation,
  paths: { readonly cwd: string; readonly home: string },
  list: 'allow' | 'deny',
): GeneralisedAnswer {
  const subjectList = subjects ?? []
  if (subjectList.length === 0) return { rules: [ruleName], withheld: [] }
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
    if (explained?.basis === 'rule') continue
    if (subject.kind === 'fetch') {
      const host = hostOf(subject.url)
      if (host !== undefined) add(answer, `WebFetch(domain:${host})`)
      continue
    }
    const absolute = pathCandidates(subject.path, paths.cwd, paths.home)[0] ?? subject.path
    add(answer, `${subject.kind === 'read' ? 'Read' : 'Edit'}(/${escapePath(absolute)})`)
  }
  // Redirections the call asked about: exact Edit rules for their files.
  for (const entry of explanation.subjects.flatMap((subject) => subject.redirects ?? [])) {
    if (entry.subject.kind !== 'edit') continue
    if (entry.basis === 'rule' && entry.decision !== 'ask') continue
    if (entry.subject.path !== '…') add(answer, `Edit(/${escapePath(entry.subject.path)})`)
    else answer.withheld.push('a redirection to a file known only when it runs')
  }
  return answer
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
    if (command.nested || (decided?.basis === 'rule' && decided.decision !== 'ask')) return
    if (list === 'allow' && decided?.basis === 'rule' && decided.rule?.list === 'ask') {
      answer.withheld.push(
        `"${decided.command}": ${decided.rule.text} asks about it, so an allow rule could never apply`,
      )
      return
    }
    if (list === 'allow' && decided?.basis === 'possibly-denied') {
      answer.withheld.push(
        `"${decided.command}": a deny rule may match it, so an allow rule could never apply`,
      )
      return
    }
    const rule = commandRule(ruleName, command)
    if (typeof rule === 'string') add(answer, rule)
    else answer.withheld.push(`"${shownCommand(command.source)}": ${rule.withheld}`)
  })
}

/**
 * `Bash(npm run test *)` for `npm run test -- --watch`; the exact command for one that destroys
 * or escalates; or why no rule can be said.
 */
export function commandRule(
  ruleName: string,
  command: SimpleCommand,
): string | { readonly withheld: string } {
  const words = command.allowWords
  if (words === undefined) {
    return { withheld: 'it sets a variable (or runs through a wrapper) no allow rule may allow' }
  }
  const first = words[0]?.literal
  if (first === undefined || first === '' || !writable(first)) {
    return { withheld: 'its program is known only when it runs' }
  }
  if (isDestructive(words)) {
    const exact = words.map((word) => word.literal)
    if (exact.some((word) => word === undefined || !writable(word))) {
      return { withheld: 'it destroys or escalates, and part of it is known only when it runs' }
    }
    return `${ruleName}(${exact.map((word) => quoteWord(word ?? '')).join(' ')})`
  }
  const parts = [first]
  const second = words[1]
  if (second !== undefined) {
    if (second.literal === undefined) return { withheld: unknownWord(second) }
    if (isSubcommand(second.literal)) {
      parts.push(second.literal)
      const third = words[2]
      if (subcommandPrograms.has(first) && third !== undefined) {
        if (third.literal === undefined) return { withheld: unknownWord(third) }
        if (third.literal !== '' && writable(third.literal) && !third.literal.startsWith('-')) {
          parts.push(third.literal)
        }
      }
    }
  }
  return `${ruleName}(${parts.map(quoteWord).join(' ')} *)`
}

function unknownWord(word: CommandWord): string {
  return `a rule would stand for ${JSON.stringify(word.text.replaceAll('\u0001', '…'))}, which is known only when it runs`
}

function isSubcommand(word: string): boolean {
  return (
    word !== '' &&
    writable(word) &&
    !word.startsWith('-') &&
    !word.includes('/') &&
    !word.includes('.')
  )
}

/**
 * Whether a command destroys or escalates (SPEC §26's table): it gets an exact rule. Read the
 * way the program reads it, erring towards exact: the program by its base name (`/bin/rm`), a
 * subcommand wherever it stands (`git --no-pager push`, `kubectl -n x delete`), an option also
 * in a bundle of short flags (`-fu`) or with its value (`--force-with-lease=main`). (A word known
 * only when it runs is no rule's: the general path withholds it.) A program with destructive
 * subcommands whose
 * subcommand cannot be read right after it (`git -C dir …`) gets an exact rule too: `git *`
 * would stand for `git push --force`.
 */
function isDestructive(words: readonly CommandWord[]): boolean {
  const first = basename(words[0]?.literal ?? '')
  if (destructivePrograms.has(first)) return true
  const entries = Object.hasOwn(destructiveSubcommands, first)
    ? destructiveSubcommands[first]
    : undefined
  if (entries === undefined) return false
  const literals = words.slice(1).map((word) => word.literal)
  const second = literals[0]
  if (second !== undefined && !isSubcommand(second)) return true
  return entries.some((entry) => {
    const [subcommand, ...options] = entry.split(' ')
    const at = literals.indexOf(subcommand)
    if (at < 0) return false
    const rest = literals.slice(at + 1)
    return options.every((option) => rest.some((word) => mayBeOption(word, option)))
  })
}

/** Whether `word` says `option`: itself, `--option=value`, or a bundle of short flags holding it. */
function mayBeOption(word: string | undefined, option: string): boolean {
  if (word === undefined) return false
  if (word === option) return true
  if (option.startsWith('--')) return word.startsWith(`${option}=`)
  if (/^-[A-Za-z]$/.test(option)) return /^-[A-Za-z]+$/.test(word) && word.includes(option[1] ?? '')
  return false
}

/** A word as rule syntax reads it back: quoted when it holds a space, `*`, a quote or `\`. */
function quoteWord(word: string): string {
  for (const char of word) {
    if (
      char === ' ' ||
      char === '\t' ||
      char === '*' ||
      char === '"' ||
      char === "'" ||
      char === '\\'
    ) {
      return `"${word.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`
    }
  }
  return word
}

/** An absolute path as a gitignore pattern matching exactly it. */
function escapePath(path: string): string {
  let out = ''
  for (const char of path) out += '*?[]\\!#'.includes(char) ? `\\${char}` : char
  return out.endsWith(' ') ? `${out.slice(0, -1)}\\ ` : out
}

/** Whether a word can be written in a rule (a rule holds no control characters). */
function writable(word: string): boolean {
  for (let index = 0; index < word.length; index++) {
    const code = word.charCodeAt(index)
    if (code < 0x20 || code === 0x7f) return false
  }
  return true
}
