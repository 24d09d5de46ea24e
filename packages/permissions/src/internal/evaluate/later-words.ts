import { joinWords, literalWord, separator, unknownWord } from '../shell/command-text.js'
import type { CommandWord } from '../shell/command-text.js'
import { basename } from '../shell/analyze-shell.js'
import type { SimpleCommand } from '../shell/analyze-shell.js'
import { isKnownProgram } from '../shell/known-programs.js'
import { mayMatch } from '../rules/command-pattern.js'
import type { CompiledRule } from '../rules/compiled-rule.js'
import type { RuleSet } from '../rules/rule-set.js'
import type { RuleTarget } from './claude-verdicts.js'

/**
 * What separates the parts of a later word that may each start a command: blanks and newlines
 * (`ssh host 'rm -rf /'`), `=`, `:` and `,` (`ssh -oProxyCommand=rm`, `socat - EXEC:rm`,
 * `--diff-program=rm`), a shell's operators and quotes (`mytool 'cd x; rm y'`).
 */
const partSeparators = /[\s=:,;&|()`'"]+/

/**
 * How many characters of what follows a part are matched against a deny rule; past them the
 * text is known only when it runs (which may match anything: fail closed). A rule's pattern
 * longer than this may reach its end only through that unknown stretch.
 */
export const laterTextLength = 1_024

/**
 * How many parts naming a denied program are matched at most: past them, the command is
 * possibly denied by the first such part's rule (fail closed; SPEC §26 bounded work).
 */
export const laterPartTries = 32

/**
 * A deny rule a later word of the command's program may reach (SPEC §26): when the program is
 * in no table (not known to leave its words alone, not a wrapper the judge strips), every part
 * of each later word (split at {@link partSeparators}) whose basename a deny rule names starts a
 * command the program may run, made of the rest of that word's parts and the later words
 * (`ssh -o ProxyCommand='rm -rf x' h`, `socat - EXEC:'rm x'`, `sdiff --diff-program=rm a b`).
 */
export function reachedByLaterWords(
  command: SimpleCommand,
  target: RuleTarget,
  rules: RuleSet,
): CompiledRule | undefined {
  const words = command.programWords
  const program = words[0]?.literal
  if (program === undefined || isKnownProgram(basename(program))) return undefined
  const byWord = rules.deny.commandsByWord(target.ruleName)
  if (byWord === undefined) return undefined
  let tries = 0
  let first: CompiledRule | undefined
  for (let index = 1; index < words.length; index++) {
    const parts = (words[index]?.literal ?? '').split(partSeparators)
    for (let part = 0; part < parts.length; part++) {
      const name = basename(parts[part] ?? '')
      const candidates = name === '' ? undefined : byWord.get(name)
      if (candidates === undefined) continue
      first ??= candidates[0]
      if (++tries > laterPartTries) return first
      const text = followingText(name, parts, part + 1, words, index + 1)
      for (const candidate of candidates) {
        const patterns = candidate.command?.alternatives ?? []
        if (patterns.some((pattern) => mayMatch(pattern, text))) return candidate
      }
    }
  }
  return undefined
}

/**
 * `name`, then `parts` from `from`, then `words` from `next`, as a matching spelling; past
 * {@link laterTextLength} characters the words left are one unknown stretch.
 */
function followingText(
  name: string,
  parts: readonly string[],
  from: number,
  words: readonly CommandWord[],
  next: number,
): string {
  const following: CommandWord[] = [literalWord(name)]
  let length = name.length
  const add = (word: CommandWord): boolean => {
    length += word.text.length + separator.length
    if (length > laterTextLength) return false
    following.push(word)
    return true
  }
  let open = true
  for (let part = from; open && part < parts.length; part++) {
    const value = parts[part] ?? ''
    if (value !== '') open = add(literalWord(value))
  }
  for (let index = next; open && index < words.length; index++) {
    open = add(words[index] ?? unknownWord)
  }
  return open ? joinWords(following) : joinWords([...following, unknownWord])
}
