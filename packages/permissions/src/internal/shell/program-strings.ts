import type { CommandWord } from './command-text.js'
import { isLongOptionOf } from './option-reader.js'
import { scanAwkProgram } from './awk-program.js'
import { scanSedScript } from './sed-script.js'
import { gitStrings } from './git-strings.js'
import { listOf, none } from './program-strings-result.js'
import type { ProgramStrings } from './program-strings-result.js'

export type { ProgramStrings } from './program-strings-result.js'
import { jobsRunsCommand, joinTexts, wordText } from './wrappers.js'
import {
  awkFlagOptions,
  findWritingActions,
  inertProgramCommandOptions,
  rsyncCommandOptions,
  sedFlagOptions,
  tarCommandOptions,
} from '../security-tables.js'

/**
 * What `sed`, `awk`, `tar`, `git`, `rsync`, `parallel`, `find`, `dc`, `jobs -x`, and the options
 * of `rg`, `sort`, `zip` and `man` that run a command are given to run (SPEC §26's "programs
 * that run strings"): an allow rule for one of them allows only an invocation whose program text
 * is literal and free of what runs code.
 */
export function programStrings(name: string, words: readonly CommandWord[]): ProgramStrings {
  switch (name) {
    case 'sed':
    case 'gsed':
      return sedStrings(words)
    case 'awk':
    case 'gawk':
    case 'mawk':
    case 'nawk':
      return awkStrings(name, words)
    case 'tar':
    case 'gtar':
    case 'bsdtar':
      return optionStrings(name, words, tarCommandOptions, true)
    case 'rsync':
      return optionStrings(name, words, rsyncCommandOptions, false)
    case 'git':
      return gitStrings(words)
    case 'find':
      return findWrites(words)
    case 'rg':
    case 'sort':
    case 'zip':
    case 'man':
    case 'npm':
    case 'npx':
    case 'pnpm': {
      const table = inertProgramCommandOptions[name === 'npx' || name === 'pnpm' ? 'npm' : name]
      return table === undefined ? none : optionStrings(name, words, table, false)
    }
    case 'dc':
      return dcStrings(words)
    case 'jobs':
      // `jobs -x command args…` runs the command (a wrapper: deny rules read it, wrappers.ts).
      return jobsRunsCommand(words)
        ? { hidingConstructs: ['jobs -x, which runs its words as a command'], nested: [] }
        : none
    case 'parallel':
      return {
        hidingConstructs: ['parallel, which runs its words as commands'],
        nested: listOf(joinTexts(words.slice(1, untilSeparator(words)))),
      }
    default:
      return none
  }
}

const sedFileReason = 'sed -f, which runs a script file no rule has read'

/**
 * One bundle of sed's short options (`-ne 's/x/y/p'`, `-i.bak`): `-e` takes the rest of the
 * bundle or the next word as a script, `-f` a script file, `-l` a number, `-i` the rest as a
 * suffix. Returns the index of the last word it used.
 */
function readSedBundle(
  words: readonly CommandWord[],
  index: number,
  scripts: (string | undefined)[],
  hiding: string[],
): number {
  const literal = words[index]?.literal ?? ''
  for (let at = 1; at < literal.length; at++) {
    const option = literal.charAt(at)
    if ('nErsuzb'.includes(option)) continue
    if (option === 'i') return index
    const rest = literal.slice(at + 1)
    if (option === 'e' || option === 'f' || option === 'l') {
      if (option === 'e') scripts.push(rest !== '' ? rest : words[index + 1]?.literal)
      if (option === 'f') hiding.push(sedFileReason)
      return rest !== '' ? index : index + 1
    }
    hiding.push(`sed's option ${literal}, which it cannot read`)
    return index
  }
  return index
}

function sedStrings(words: readonly CommandWord[]): ProgramStrings {
  const scripts: (string | undefined)[] = []
  const hiding: string[] = []
  // null: no operand yet; undefined: an operand known only at run time.
  let operand: string | undefined | null = null
  let sandbox = false
  for (let index = 1; index < words.length; index++) {
    const literal = words[index]?.literal
    if (literal === '--') {
      operand ??= words[index + 1]?.literal
      break
    }
    // GNU sed reads options after operands too: a word known only at run time may be one.
    if (literal === undefined)
      return { hidingConstructs: ['sed words known only at run time'], nested: [] }
    if (!literal.startsWith('-') || literal === '-') {
      // Its first operand is the script, unless -e or -f gave one.
      operand ??= literal
      continue
    }
    if (literal === '--sandbox') sandbox = true
    if (literal.startsWith('--')) {
      if (literal.startsWith('--expression=')) scripts.push(literal.slice(13))
      else if (literal === '--expression') scripts.push(words[++index]?.literal)
      else if (literal.startsWith('--file')) hiding.push(sedFileReason)
      else if (literal === '--line-length') index++
      else if (!sedFlagOptions.has(literal) && !/^--(in-place|line-length=)/.test(literal)) {
        hiding.push(`sed's option ${literal}, which it cannot read`)
      }
      continue
    }
    index = readSedBundle(words, index, scripts, hiding)
  }
  if (scripts.length === 0 && hiding.length === 0 && operand !== null) scripts.push(operand)
  const nested: string[] = []
  // sed joins its -e scripts with newlines; each is read alone too (the cautious union).
  const known = scripts.filter((script): script is string => script !== undefined)
  if (known.length < scripts.length) hiding.push('a sed script known only at run time')
  for (const script of known.length > 1 ? [...known, known.join('\n')] : known) {
    const found = scanSedScript(script)
    if (!sandbox) hiding.push(...found.hidingConstructs)
    nested.push(...found.commands)
  }
  return { hidingConstructs: unique(hiding), nested: unique(nested) }
}

function awkStrings(name: string, words: readonly CommandWord[]): ProgramStrings {
  const hiding: string[] = []
  const programs: (string | undefined)[] = []
  let sandbox = false
  let index = 1
  for (; index < words.length; index++) {
    const literal = words[index]?.literal
    if (literal === undefined)
      return { hidingConstructs: [`${name} options known only at run time`], nested: [] }
    if (literal === '--') {
      index++
      break
    }
    if (!literal.startsWith('-') || literal === '-') break
    if (literal === '--sandbox') sandbox = true
    if (literal === '-F' || literal === '-v') index++
    else if (literal === '-e' || literal === '--source') programs.push(words[++index]?.literal)
    else if (literal.startsWith('--source=')) programs.push(literal.slice(9))
    else if (/^-[Fv]./.test(literal) || /^--(field-separator|assign)=/.test(literal)) continue
    else if (!awkFlagOptions.has(literal)) {
      hiding.push(`${name}'s option ${literal}, which can run or load code no rule has read`)
    }
  }
  if (programs.length === 0) programs.push(index < words.length ? words[index]?.literal : '')
  const nested: string[] = []
  for (const program of programs) {
    if (program === undefined) {
      hiding.push(`an ${name} program known only at run time`)
      continue
    }
    const found = scanAwkProgram(program)
    if (!sandbox) hiding.push(...found.hidingConstructs)
    nested.push(...found.commands)
  }
  return { hidingConstructs: unique(hiding), nested }
}

/** tar and rsync: options (any abbreviation, any short bundle) that run a command. */
function optionStrings(
  name: string,
  words: readonly CommandWord[],
  table: { readonly long: readonly string[]; readonly short: readonly string[] },
  oldStyleBundle: boolean,
): ProgramStrings {
  for (let index = 1; index < words.length; index++) {
    const literal = words[index]?.literal
    if (literal === undefined)
      return { hidingConstructs: [`${name} words known only at run time`], nested: [] }
    if (literal === '--') break
    const bundle = literal.startsWith('-') && !literal.startsWith('--')
    const oldStyle = oldStyleBundle && index === 1 && !literal.startsWith('-')
    if (
      isLongOptionOf(literal, table.long) ||
      ((bundle || oldStyle) && table.short.some((option) => literal.includes(option)))
    ) {
      // `--to-command=CMD`, `--checkpoint-action=exec=CMD`, `--pre CMD`, `-TT CMD`: deny rules
      // read CMD.
      const value = literal.includes('=')
        ? literal.slice(literal.indexOf('=') + 1)
        : literal.startsWith('--') || (bundle && table.short.some((o) => literal.endsWith(o)))
          ? wordText(words[index + 1])
          : undefined
      const command = value?.startsWith('exec=') === true ? value.slice(5) : value
      return {
        hidingConstructs: [`${name}'s option ${literal}, which runs a command`],
        nested: listOf(command),
      }
    }
  }
  return none
}

/**
 * find's `-fprint`, `-fprint0`, `-fprintf` and `-fls` write a file no redirection shows; a word
 * known only at run time may be `-exec` and the command after it (`find . $x`).
 */
function findWrites(words: readonly CommandWord[]): ProgramStrings {
  if (words.some((word) => word.literal === undefined)) {
    return { hidingConstructs: ['find words known only at run time'], nested: [] }
  }
  const writes = words.find((word) => findWritingActions.has(word.literal ?? ''))
  return writes === undefined
    ? none
    : { hidingConstructs: [`find ${writes.literal ?? ''}, which writes a file`], nested: [] }
}

/**
 * dc runs the rest of a line after `!` as a shell command, and a file operand as a script: only
 * `-e`/`--expression` programs that are literal and free of `!` run nothing.
 */
function dcStrings(words: readonly CommandWord[]): ProgramStrings {
  const hidden = { hidingConstructs: ['dc, which can run a shell command (!) or a script file'] }
  let programs = 0
  for (let index = 1; index < words.length; index++) {
    const literal = words[index]?.literal
    if (literal === undefined || literal.includes('!')) return { ...hidden, nested: [] }
    if (/^(-h|--help|-V|--version)$/.test(literal)) return none
    if (literal === '-e' || literal === '--expression') {
      const program = words[++index]?.literal
      if (program === undefined || program.includes('!')) return { ...hidden, nested: [] }
    } else if (!/^(-e.|--expression=)/.test(literal)) return { ...hidden, nested: [] }
    programs++
  }
  // Without a program of its own it reads one from its input.
  return programs > 0 ? none : { ...hidden, nested: [] }
}

function untilSeparator(words: readonly CommandWord[]): number {
  const at = words.findIndex((word) => word.literal === ':::' || word.literal === '::::')
  return at < 0 ? words.length : at
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)]
}
