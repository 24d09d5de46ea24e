import { literalWord } from './command-text.js'
import type { CommandWord } from './command-text.js'
import { isCodeVariable, isLiteralArithmetic, isPlainName } from './arithmetic.js'
import {
  attributeDeclarationBuiltins,
  codeChangingBuiltins,
  declarationBuiltins,
  nameReadingBuiltins,
  safeEnvVars,
} from '../security-tables.js'
import { setOptionsHiding, shoptHiding } from './shell-options.js'
import type { NameReadingBuiltin } from '../security-tables.js'

/**
 * Why a builtin's words hide a command (SPEC §26), from the `nameReadingBuiltins` and
 * `codeChangingBuiltins` tables: a name whose subscript bash evaluates (`printf -v 'a[$(…)]'`,
 * `read`, `declare`, `test -v`), an arithmetic operand that is not a literal number (`let`), a
 * variable that decides which code runs (`read PATH`, `export BASH_ENV=…`), an integer or
 * nameref declaration, or a builtin that changes what later commands run (`hash -p`, `alias`).
 */
export function nameWordsHiding(name: string, words: readonly CommandWord[]): string[] {
  const reasons: string[] = []
  if (name === 'shopt') reasons.push(...shoptHiding(words))
  else if (Object.hasOwn(codeChangingBuiltins, name)) {
    const reason = codeChangingBuiltins[name]
    const defines = name !== 'alias' || words.slice(1).some((word) => word.text.includes('='))
    if (reason !== undefined && defines && words.length > 1) reasons.push(reason)
  }
  if (name === 'set') reasons.push(...setOptionsHiding(words))
  // `fc` without `-l` runs commands from the history (`history -s …; fc -s`), or an editor.
  if (name === 'fc' && !words.slice(1).some((word) => /^-[a-zA-Z]*l/.test(word.literal ?? ''))) {
    reasons.push('fc, which runs commands from the history')
  }
  if (!Object.hasOwn(nameReadingBuiltins, name)) return reasons
  const spec = nameReadingBuiltins[name]
  if (spec === undefined) return reasons
  const names: CommandWord[] = []
  let positional = 0
  // `let -1` is arithmetic: let has no options.
  let options = spec.arithmetic !== true
  for (let index = 1; index < words.length; index++) {
    const word = words[index]
    if (word === undefined) continue
    const literal = word.literal
    if (options && literal === '--') {
      options = false
      continue
    }
    if (options && literal !== undefined && /^[-+]./.test(literal)) {
      if (attributeDeclarationBuiltins.has(name)) reasons.push(...declarationFlags(name, literal))
      index = readBundle(words, index, spec, names)
      continue
    }
    if (spec.onlyOptionNames === true) {
      // `printf FORMAT…` and `wait ID…`: the rest are not names; `test` reads `-v` anywhere.
      if (name !== 'test' && name !== '[') options = false
      continue
    }
    options = false
    if (spec.arithmetic === true) {
      if (literal === undefined || !isLiteralArithmetic(literal)) {
        reasons.push(`${name} on a value, which bash evaluates as arithmetic`)
      }
      continue
    }
    if (spec.names !== undefined && positional++ >= spec.names.skip) names.push(word)
  }
  for (const word of names) reasons.push(...nameHiding(name, word))
  if (exports(name, words)) reasons.push(...names.flatMap(exportHiding))
  return reasons
}

/** Whether the builtin puts its names in the environment: `export`, `declare -x` and kin. */
function exports(name: string, words: readonly CommandWord[]): boolean {
  if (name === 'export') return true
  return (
    attributeDeclarationBuiltins.has(name) &&
    words.slice(1).some((word) => /^-[a-zA-Z]*x/.test(word.literal ?? ''))
  )
}

/**
 * An exported name off §18.2's safe list: every later command gets it, as a leading `NAME=value`
 * would give it (`export RIPGREP_CONFIG_PATH=…; rg` is `RIPGREP_CONFIG_PATH=… rg`), so it keeps a
 * line from an allow rule as that prefix does.
 */
function exportHiding(word: CommandWord): string[] {
  const literal = word.literal
  if (literal === undefined) return []
  const equals = literal.indexOf('=')
  const name = (equals < 0 ? literal : literal.slice(0, equals)).replace(/\+$/, '')
  if (!isPlainName(name) || isCodeVariable(name) || safeEnvVars.has(name)) return []
  return [`export of ${name}, which later commands get in their environment`]
}

/**
 * Reads one option word (`-ra NAME`: a bundle) of a name-reading builtin: a name its options
 * take goes to `names`. Returns the index of the last word it used.
 */
function readBundle(
  words: readonly CommandWord[],
  index: number,
  spec: NameReadingBuiltin,
  names: CommandWord[],
): number {
  const literal = words[index]?.literal ?? ''
  for (let at = 1; at < literal.length; at++) {
    const option = `-${literal.charAt(at)}`
    const takesName = spec.optionNames?.includes(option) === true
    if (!takesName && spec.valueOptions?.includes(option) !== true) continue
    const rest = literal.slice(at + 1)
    const value = rest !== '' ? literalWord(rest) : words[index + 1]
    if (takesName) names.push(value ?? { text: '', literal: undefined })
    return rest !== '' ? index : index + 1
  }
  return index
}

/** `declare -n` (a name reference) and `declare -i` (later assignments are arithmetic). */
function declarationFlags(name: string, option: string): string[] {
  const reasons: string[] = []
  if (/^[-+][a-zA-Z]*n/.test(option)) reasons.push(`${name} -n, a name reference`)
  if (/^[-+][a-zA-Z]*i/.test(option)) {
    reasons.push(`${name} -i, which makes bash evaluate later assignments as arithmetic`)
  }
  return reasons
}

/** Why one word a builtin reads as a name (or `name=value`) hides a command. */
function nameHiding(builtin: string, word: CommandWord): string[] {
  const literal = word.literal
  if (literal === undefined) return [`${builtin} of a name known only at run time`]
  const equals = literal.indexOf('=')
  const name = equals < 0 ? literal : literal.slice(0, equals).replace(/\+$/, '')
  const reasons: string[] = []
  if (!isPlainName(name)) {
    // `unset` reads a subscript without evaluating it only for `a[@]`; everything else may.
    reasons.push(`${builtin} of ${JSON.stringify(name)}, whose subscript bash evaluates`)
  } else if (isCodeVariable(name) && builtin !== 'test' && builtin !== '[') {
    reasons.push(`${builtin} of ${name}, which changes what later commands run`)
  }
  const value = equals < 0 ? '' : literal.slice(equals + 1)
  if (declarationBuiltins.has(builtin) && /[[$`]/.test(value)) {
    // A quoted compound value is parsed again: `declare -a 'x=([$(…)]=1)'` runs the command.
    reasons.push(`${builtin} of a value bash parses again as an array`)
  }
  return reasons
}
