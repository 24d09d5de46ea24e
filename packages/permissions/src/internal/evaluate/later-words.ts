import { joinWords, literalWord, unknown, unknownWord } from '../shell/command-text.js'
import type { CommandWord } from '../shell/command-text.js'
import { basename } from '../shell/analyze-shell.js'
import type { SimpleCommand } from '../shell/analyze-shell.js'
import { isKnownProgram } from '../shell/known-programs.js'
import { mayMatch } from '../rules/command-pattern.js'
import type { CompiledRule } from '../rules/compiled-rule.js'
import type { RuleSet } from '../rules/rule-set.js'
import { shellSpelling } from './shell-spelling.js'

/**
 * The parts of a later word that may each start a command, in its shell spelling: what lies
 * between blanks, `=`, `:`, `,` (`ssh -oProxyCommand=rm`, `socat - EXEC:rm`,
 * `--diff-program=rm`), a shell's operators and redirections, `!` (socat's `EXEC:rm!!STDOUT`)
 * and braces (`{rm,x}`).
 */
const parts = /[^\s=:,;&|()<>!{}]+/gu

/** A character class inside a bracket expression (`[:alpha:]`): one character. */
const characterClass = /\[:\w+:\]/gu

/**
 * Programs that run a command line they read — from their words, their input or a string —
 * so a later word naming one may run anything (`ssh -o ProxyCommand='sh -c "r\\m x"' h`,
 * `socat - EXEC:bash <<< 'rm x'`, `$(eval r\\m x)`): a deny rule may match what they run.
 */
const laterShells: ReadonlySet<string> = new Set([
  ...['sh', 'bash', 'rbash', 'dash', 'zsh', 'ksh', 'mksh', 'ash', 'yash', 'fish', 'csh', 'tcsh'],
  ...['busybox', 'toybox', 'eval', 'source', '.', 'xargs', 'parallel'],
])

/**
 * Whether the part of `spelled` at `at` names one of {@link laterShells} where a command starts:
 * the word's first part, the first after a command's end (`;`, `&`, `|`, parentheses, a line),
 * or one glued to a `=` or `:` (`ProxyCommand=sh`, `EXEC:bash`). Prose naming one elsewhere
 * (`--title "fix: bash completion"`) is not. A lone `.` is a folder (`docker build .`): it counts
 * only with more of its command after it (`. ./env.sh`).
 */
function runsShell(spelled: string, part: string, at: number): boolean {
  if (!laterShells.has(basename(part)) || !atCommandStart(spelled, at)) return false
  dotCommand.lastIndex = at
  return part !== '.' || dotCommand.test(spelled)
}

/** A `.` with more of its command after it, read where it stands (sticky: no copy of the rest). */
const dotCommand = /\.[ \t]+\S/uy

/**
 * Whether a part at `at` starts a command (see {@link runsShell}), read backwards from it over
 * the blanks before it only: each stretch of blanks is read for the one part after it.
 */
function atCommandStart(spelled: string, at: number): boolean {
  const glued = spelled[at - 1]
  if (glued === '=' || glued === ':') return at >= 2 && !/\s/u.test(spelled[at - 2] ?? '')
  let index = at - 1
  while (index >= 0 && spelled[index] !== '\n' && /\s/u.test(spelled[index] ?? '')) index--
  return index < 0 ? index === at - 1 : ';&|()\n'.includes(spelled[index] ?? '')
}

/** What ends the command a part starts, in a string a shell runs. */
const commandEnd = /[;&|()\n]/u

/** A glob's or an expansion's characters in a part: it may spell more than one name. */
const wildcard = new RegExp(`[*?[${unknown}]`, 'u')

/** A character of a part that is neither a glob's nor an expansion's. */
const ownLetters = new RegExp(`[^*?[\\]/${unknown}]`, 'u')

/**
 * How many characters of what follows a part are matched against a deny rule; past them the
 * text is known only when it runs (which may match anything: fail closed). A rule's pattern
 * longer than this may reach its end only through that unknown stretch.
 */
export const laterTextLength = 1_024

/**
 * How many parts naming a denied program are matched at most (a part that may name one through
 * a glob or an expansion counts too): past them, the command is possibly denied by the first
 * such part's rule (fail closed; SPEC §26 bounded work).
 */
export const laterPartTries = 32

/**
 * How many parts with a glob or an expansion are matched as globs against the deny rules' first
 * words at most: past them, the command is possibly denied (fail closed; bounded work).
 */
export const laterGlobParts = 256

/**
 * A deny rule a later word of the command's program may reach (SPEC §26): when the program is
 * in no table (not known to leave its words alone, not a wrapper the judge strips), each part of
 * each later word as a shell would spell it ({@link shellSpelling}; parts split at
 * {@link parts}) whose basename a deny rule names — exactly, or through a glob or an expansion
 * (`r?`, `${a}m`) — starts a command the program may run: the part, then the rest of that word
 * up to the end of its command, then (when the word ends first) the later words
 * (`ssh -o ProxyCommand='rm -rf x' h`, `socat - EXEC:'rm x'`, `sdiff --diff-program=rm a b`).
 */
export function reachedByLaterWords(
  command: SimpleCommand,
  target: { readonly ruleName: string },
  rules: RuleSet,
): CompiledRule | undefined {
  const words = command.programWords
  const program = words[0]?.literal
  if (program === undefined || isKnownProgram(basename(program))) return undefined
  const byWord = rules.deny.commandsByWord(target.ruleName)
  if (byWord === undefined || byWord.size === 0) return undefined
  let tries = 0
  let globbed = 0
  let first: CompiledRule | undefined
  for (let index = 1; index < words.length; index++) {
    // A word bash expands (`"rm $HOME/x"`) is read too: its unknown stretches as they are.
    const word = words[index]
    // A bracket expression's character classes (`[[:alpha:]]`) hold a `:`, which splits parts.
    const spelled = shellSpelling(word?.literal ?? word?.braces ?? word?.text ?? '').replace(
      characterClass,
      'x',
    )
    for (const part of spelled.matchAll(parts)) {
      if (wildcard.test(part[0]) && ++globbed > laterGlobParts) {
        return first ?? byWord.values().next().value?.[0]
      }
      if (runsShell(spelled, part[0], part.index)) {
        return first ?? byWord.values().next().value?.[0]
      }
      const names = namesOf(part[0], byWord)
      if (names.length === 0) continue
      first ??= byWord.get(names[0] ?? '')?.[0]
      if (++tries > laterPartTries) return first
      const rest = spelled.slice(part.index + part[0].length)
      const texts = followingTexts(rest, words, index + 1)
      for (const name of names) {
        const matched = matchingRule(byWord.get(name) ?? [], name, texts)
        if (matched !== undefined) return matched
      }
    }
  }
  return undefined
}

/**
 * The deny rules' first words a part may be: its basename, exactly; where it holds a glob or an
 * expansion, also each piece between expansions (`$IFS` may be a blank) and every first word its
 * glob matches — never for a part with no letters of its own (`$x`, `*`: an argument, not a
 * name).
 */
function namesOf(part: string, byWord: ReadonlyMap<string, readonly CompiledRule[]>): string[] {
  const names = namesOfSpelling(part, byWord)
  // A string quoted twice (`sh -c "r\\m x"`, awk's `system("r\\155 x")`) is read once more by
  // whatever runs it: its escapes and quotes undone too.
  const again = unescaped(part)
  return again === part ? names : [...new Set([...names, ...namesOfSpelling(again, byWord)])]
}

/**
 * `part` with quotes gone and its escapes (`\xHH`, `\NNN`, `\uHHHH`, `\c`) read as most
 * languages' strings read them.
 */
function unescaped(part: string): string {
  if (!/[\\'"]/u.test(part)) return part
  return part
    .replace(/['"]/gu, '')
    .replace(
      /\\(?:x([0-9A-Fa-f]{1,2})|u([0-9A-Fa-f]{1,4})|([0-7]{1,3})|(.))/gu,
      (_all, hex?: string, wide?: string, octal?: string, other?: string) =>
        hex !== undefined || wide !== undefined
          ? String.fromCharCode(Number.parseInt(hex ?? wide ?? '0', 16))
          : octal !== undefined
            ? String.fromCharCode(Number.parseInt(octal, 8) & 0xff)
            : (other ?? ''),
    )
}

/** {@link namesOf} for one spelling of a part. */
function namesOfSpelling(
  part: string,
  byWord: ReadonlyMap<string, readonly CompiledRule[]>,
): string[] {
  const name = basename(part)
  if (!wildcard.test(name)) return byWord.has(name) ? [name] : []
  const found = new Set<string>()
  for (const piece of name.split(unknown)) {
    if (byWord.has(piece)) found.add(piece)
  }
  if (ownLetters.test(name)) {
    const glob = globExpression(name)
    for (const word of byWord.keys()) if (glob.test(word)) found.add(word)
  }
  return [...found]
}

/**
 * A part's glob (and expansions, any characters) as a regular expression over whole names: `*`
 * and an expansion any characters, `?` and a bracket expression (`[m]`, `[q-s]`,
 * `[[:alpha:]]`) one.
 */
function globExpression(name: string): RegExp {
  let source = ''
  for (let index = 0; index < name.length; index++) {
    const char = name[index] ?? ''
    const bracket = char === '[' ? bracketEnd(name, index) : undefined
    if (char === '*' || char === unknown) source += '.*'
    else if (char === '?') source += '.'
    else if (bracket !== undefined) {
      source += '.'
      index = bracket
    } else source += char.replace(/[\\^$.|+()[\]{}]/u, '\\$&')
  }
  return new RegExp(`^${source}$`, 'u')
}

/** The index of the `]` that closes the bracket expression opened at `open`, if one does. */
function bracketEnd(name: string, open: number): number | undefined {
  let index = open + 1
  if (name[index] === '!' || name[index] === '^') index++
  if (name[index] === ']') index++
  for (; index < name.length; index++) {
    if (name[index] === '[' && name[index + 1] === ':') {
      const end = name.indexOf(':]', index + 2)
      if (end >= 0) index = end + 1
    } else if (name[index] === ']') return index
  }
  return undefined
}

/**
 * What a part's command may be made of, as matching spellings: the rest of its word up to the
 * end of that command; and, when the word ends first, that and the later words too. Past
 * {@link laterTextLength} characters what is left is one unknown stretch.
 */
function followingTexts(
  rest: string,
  words: readonly CommandWord[],
  next: number,
): readonly CommandWord[][] {
  const cut = rest.length > laterTextLength
  const window = cut ? rest.slice(0, laterTextLength) : rest
  const end = window.search(commandEnd)
  const own = (end < 0 ? window : window.slice(0, end)).split(/\s+/u)
  const inWord: CommandWord[] = []
  // A glob may name any files, `-rf` among them: such a word is unknown.
  for (const word of own) {
    if (word !== '') inWord.push(/[*?[]/u.test(word) ? unknownWord : literalWord(word))
  }
  // Cut inside the word: its last word read may go on, and so may the rest: one unknown stretch.
  if (cut && end < 0) {
    if (!/\s$/u.test(window)) inWord.pop()
    return [[...inWord, unknownWord]]
  }
  if (end >= 0 || next >= words.length) return [inWord]
  const withLater = [...inWord]
  let length = window.length
  for (let index = next; index < words.length; index++) {
    const word = words[index] ?? unknownWord
    length += word.text.length + 1
    if (length > laterTextLength) {
      withLater.push(unknownWord)
      break
    }
    withLater.push(word)
  }
  return [inWord, withLater]
}

/** The first of `candidates` whose patterns may match `name` followed by one of `texts`. */
function matchingRule(
  candidates: readonly CompiledRule[],
  name: string,
  texts: readonly CommandWord[][],
): CompiledRule | undefined {
  const spelled = texts.map((following) => joinWords([literalWord(name), ...following]))
  for (const candidate of candidates) {
    const patterns = candidate.command?.alternatives ?? []
    if (patterns.some((pattern) => spelled.some((text) => mayMatch(pattern, text)))) {
      return candidate
    }
  }
  return undefined
}
