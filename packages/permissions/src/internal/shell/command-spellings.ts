import { joinWords, literalWord, unknownWord } from './command-text.js'
import type { CommandWord } from './command-text.js'
import { isCodeVariable } from './arithmetic.js'
import { replaced } from './shell-runners.js'
import { stripWrapper } from './wrappers.js'
import { safeEnvVars } from '../security-tables.js'

/** How rules see one simple command: its allow spelling and its deny spellings. */
export interface CommandSpellings {
  /** What allow rules match; undefined when no allow rule can allow this command. */
  readonly allowWords: readonly CommandWord[] | undefined
  /** What deny and ask rules match: the command at each stripping stage, then by basename. */
  readonly denyTexts: readonly string[]
  /** The stages themselves (the last: the program the wrappers run, with its words). */
  readonly stages: readonly (readonly CommandWord[])[]
  /** Why a rule may not allow it (a name known only at run time, unreadable options, …). */
  readonly hidingConstructs: readonly string[]
  /** Strings a wrapper runs through a shell (`env -S`, `sudo -s`, `flock -c`): parsed for deny. */
  readonly strings: readonly { readonly text: string | undefined; readonly reason: string }[]
  /**
   * The stages a wrapper runs as commands of their own, each judged like any command: the stage
   * after `xargs` (its replaced words and appended arguments unknown).
   */
  readonly ownCommands: readonly (readonly CommandWord[])[]
}

/**
 * Spells one simple command for the rules (SPEC §18.2, §26). The allow spelling strips the
 * wrappers of §18.2 and safe `NAME=value` assignments only; the deny spellings strip every
 * wrapper of the tables (`sudo`, `setsid`, `flock`, …), each stage kept, and a path-named
 * program also by its basename. An assignment to a variable that decides which code runs
 * (`PATH=.`, `LD_PRELOAD=…`) hides a command.
 */
export function spellCommand(
  written: readonly CommandWord[],
  assignments: readonly string[],
): CommandSpellings {
  let words = written
  const hiding: string[] = []
  const strings: { text: string | undefined; reason: string }[] = []
  for (const name of assignments) {
    if (isCodeVariable(name)) hiding.push(`an assignment to ${name}, which changes what runs`)
  }
  const allowWords = allowSpelling(words, assignments, hiding)
  const stages: CommandWord[][] = [[...words]]
  let at = 0
  let appendUnknown = false
  let replaces: string | undefined
  for (;;) {
    const literal = words[at]?.literal
    if (literal === undefined) break
    const step = stripWrapper(words, at, basename(literal), false)
    if (step.kind === 'none') break
    if (step.kind === 'unknown') {
      stages.push([unknownWord])
      hiding.push(`options of ${basename(literal)} that cannot be read for sure`)
      break
    }
    if (step.kind === 'split-string') {
      strings.push({
        text: step.value,
        reason: `${basename(literal)}, which runs a string as commands`,
      })
      break
    }
    for (const variable of step.assignments) {
      if (isCodeVariable(variable))
        hiding.push(`an assignment to ${variable}, which changes what runs`)
    }
    if (step.words !== undefined) words = step.words
    at = step.next
    if (step.appendUnknown === true) appendUnknown = true
    if (step.replaces !== undefined) replaces = step.replaces
    let stage = words.slice(at)
    if (replaces !== undefined) stage = stage.map((word) => replaced(word, replaces ?? ''))
    stages.push(appendUnknown ? [...stage, unknownWord] : stage)
  }
  const denyTexts: string[] = []
  for (const stage of stages) {
    const text = joinWords(stage)
    if (!denyTexts.includes(text)) denyTexts.push(text)
    const first = stage[0]?.literal
    if (first?.includes('/') === true) {
      const short = joinWords([literalWord(basename(first)), ...stage.slice(1)])
      if (!denyTexts.includes(short)) denyTexts.push(short)
    }
  }
  const ownCommands = stages.flatMap((stage, index) => {
    const next = stages[index + 1]
    return basename(stage[0]?.literal ?? '') === 'xargs' && next !== undefined ? [next] : []
  })
  return { allowWords, denyTexts, stages, hidingConstructs: hiding, strings, ownCommands }
}

/** The words allow rules match, or undefined when none may allow the command. */
function allowSpelling(
  words: readonly CommandWord[],
  assignments: readonly string[],
  hiding: string[],
): CommandWord[] | undefined {
  let allowed = assignments.every((name) => safeEnvVars.has(name))
  let at = 0
  let appendUnknown = false
  let replaces: string | undefined
  for (;;) {
    const name = words[at]?.literal
    if (name === undefined) break
    // A wrapper written as a path (`/usr/bin/env`, `./nice`) is not stripped for allow rules: a
    // path names a file, not necessarily the wrapper (`./nice npm test` runs a local `nice`), so
    // no `Bash(npm test *)` allows it. Deny rules read its basename (spellCommand).
    const step = stripWrapper(words, at, name, true)
    if (step.kind === 'none') break
    if (step.kind !== 'wrapped') {
      allowed = false
      break
    }
    if (!step.assignments.every((variable) => safeEnvVars.has(variable))) allowed = false
    at = step.next
    if (step.appendUnknown === true) appendUnknown = true
    if (step.replaces !== undefined) replaces = step.replaces
  }
  let rest = words.slice(at)
  const replacement = replaces
  if (replacement !== undefined) rest = rest.map((word) => replaced(word, replacement))
  const allowWords = appendUnknown ? [...rest, unknownWord] : rest
  if (allowWords[0]?.literal === undefined) {
    hiding.push('a command name known only at run time')
    return undefined
  }
  return allowed ? allowWords : undefined
}

/** The last path segment of a command name (`/usr/bin/rm` → `rm`). */
export function basename(name: string): string {
  const slash = name.lastIndexOf('/')
  return slash < 0 ? name : name.slice(slash + 1)
}
