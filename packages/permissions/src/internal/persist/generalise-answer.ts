import type { Explanation } from '../../explanation.js'
import type { ShellAnalysis } from '../shell/analyze-shell.js'
import type { CommandWord } from '../shell/command-text.js'
import type { Subject } from '@toolpipe/tools'
import { pathCandidates } from '../evaluate/path-candidates.js'

/** Tools whose second word is a subcommand whose own first argument names what it does. */
const subcommandTools: ReadonlySet<string> = new Set([
  'npm',
  'pnpm',
  'yarn',
  'git',
  'cargo',
  'go',
  'docker',
  'kubectl',
])

/** What an always-answer becomes (SPEC §18.3). */
export interface GeneralisedAnswer {
  readonly rules: readonly string[]
  /** Why no rule was written, when none was. */
  readonly withheld?: string
}

/**
 * The rules an `allowed-always` / `rejected-always` answer adds (SPEC §18.3): for each simple
 * command the rules did not already allow, its first word, plus its second when that is a
 * subcommand (not a flag, without `/` or `.`) — for npm, pnpm, yarn, git, cargo, go, docker and
 * kubectl also the subcommand's first argument when it is not a flag — then ` *`; `Read` and
 * `Edit` rules name the exact path in `//absolute` form; a URL its domain; a tool matched by name
 * its name. Never a rule for a line holding anything no rule may allow.
 */
export function generaliseAnswer(
  ruleName: string,
  subjects: readonly Subject[] | undefined,
  analyses: readonly (ShellAnalysis | undefined)[],
  explanation: Explanation,
  paths: { readonly cwd: string; readonly home: string },
): GeneralisedAnswer {
  const rules: string[] = []
  const add = (rule: string) => {
    if (!rules.includes(rule)) rules.push(rule)
  }
  const list = subjects ?? []
  if (list.length === 0) return { rules: [ruleName] }
  for (const analysis of analyses) {
    if (analysis === undefined) continue
    if (analysis.unparseable !== undefined)
      return { rules: [], withheld: 'the command line cannot be parsed' }
    if (analysis.hidden.length > 0) {
      return {
        rules: [],
        withheld: `the line holds ${analysis.hidden.join(', ')}, which no rule may allow`,
      }
    }
  }
  let analysisIndex = 0
  for (const subject of list) {
    const explained = explanation.subjects.find((entry) => entry.subject === subject)
    if (subject.kind === 'command') {
      const analysis = analyses[analysisIndex++]
      if (analysis === undefined) continue
      analysis.commands.forEach((command, index) => {
        if (command.nested || command.allowWords === undefined) return
        const decided = explained?.commands?.[index]
        if (decided?.decision === 'allow' && decided.rule !== undefined) return
        const rule = commandRule(ruleName, command.allowWords)
        if (rule !== undefined) add(rule)
      })
      continue
    }
    if (explained?.decision === 'allow' && explained.rule !== undefined) continue
    if (subject.kind === 'fetch') {
      const host = hostOfUrl(subject.url)
      if (host !== undefined) add(`WebFetch(domain:${host})`)
      continue
    }
    const absolute = pathCandidates(subject.path, paths.cwd, paths.home)[0] ?? subject.path
    add(`${subject.kind === 'read' ? 'Read' : 'Edit'}(/${escapePath(absolute)})`)
  }
  // Redirections the call asked about: exact Edit rules for their files.
  for (const entry of explanation.subjects) {
    if (list.includes(entry.subject) || entry.subject.kind !== 'edit') continue
    if (entry.decision === 'allow' && entry.rule !== undefined) continue
    if (entry.subject.path !== '…') add(`Edit(/${escapePath(entry.subject.path)})`)
  }
  return { rules }
}

/** `Bash(npm run test *)` for `npm run test -- --watch`, or undefined when it cannot be said. */
export function commandRule(ruleName: string, words: readonly CommandWord[]): string | undefined {
  const first = words[0]?.literal
  if (first === undefined || first === '' || !writable(first)) return undefined
  const parts = [first]
  const second = words[1]?.literal
  if (
    second !== undefined &&
    second !== '' &&
    writable(second) &&
    !second.startsWith('-') &&
    !second.includes('/') &&
    !second.includes('.')
  ) {
    parts.push(second)
    const third = words[2]?.literal
    if (
      subcommandTools.has(first) &&
      third !== undefined &&
      third !== '' &&
      writable(third) &&
      !third.startsWith('-')
    ) {
      parts.push(third)
    }
  }
  return `${ruleName}(${parts.map(quoteWord).join(' ')} *)`
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

function hostOfUrl(url: string): string | undefined {
  try {
    const host = new URL(url).hostname
    return host === '' ? undefined : host
  } catch {
    return undefined
  }
}

/** Whether a word can be written in a rule (a rule holds no control characters). */
function writable(word: string): boolean {
  for (let index = 0; index < word.length; index++) {
    const code = word.charCodeAt(index)
    if (code < 0x20 || code === 0x7f) return false
  }
  return true
}
