import { isSafePattern } from 'redos-detector'

/**
 * A Gemini rule's regex field (`argsPattern`, `commandRegex`) compiled after `prefix` (Gemini CLI
 * tests `commandRegex` after `"command":"`), or what is wrong with it; undefined when absent.
 */
export function compileGeminiRegex(
  value: unknown,
  field: string,
  prefix: string,
): RegExp | undefined | string {
  if (value === undefined) return undefined
  if (typeof value !== 'string') return `${field} must be a string`
  try {
    return new RegExp(prefix + value)
  } catch (error) {
    return `${field} is not a valid regular expression: ${(error as Error).message}`
  }
}

/**
 * What running a regex costs on a text of n characters, as it is run here:
 * - `linear`: it finishes in time linear in n, whatever the text;
 * - `quadratic`: it may take time of the order of n² (tried from every position of the text, or
 *   two greedy runs that can overlap), which is run only on texts short enough (see
 *   {@link quadraticTextLimit});
 * - `unsafe`: it may backtrack catastrophically (exponentially, or worse than n²), never run.
 *
 * `startsOnce`: the text holds the regex's leading literal once (commandRegex's `"command":"` in
 * `{"command":"…"}`, where a string's own quotes are escaped), so it is tried from one place;
 * otherwise (`argsPattern`) every position of the text is a start, and `x+y` on a text of `x`s
 * reads the run again from each one (4.5 s on 100 KB).
 */
export function regexCost(pattern: RegExp, startsOnce: boolean): RegexCost {
  const greedy = greedyRunsBeforeTheEnd(pattern.source, startsOnce)
  const degree = greedy === undefined ? undefined : greedy + (startsOnce ? 0 : 1)
  if (degree !== undefined && degree <= 1) return 'linear'
  // redos-detector: no attempt backtracks more than linearly (`\s*rm\s+-rf`: the runs cannot
  // overlap). Tried from one place, that is linear; from every place, quadratic at worst.
  const safe = isSafePatternIn(pattern.source)
  if (safe) return startsOnce ? 'linear' : 'quadratic'
  return degree === 2 ? 'quadratic' : 'unsafe'
}

/** See {@link regexCost}. */
export type RegexCost = 'linear' | 'quadratic' | 'unsafe'

/**
 * The longest text a `quadratic` regex is run on: 2,048² steps take a few milliseconds. On a
 * longer text its rule may match (a deny or ask asks, an allow does not allow).
 */
export const quadraticTextLimit = 2_048

/**
 * redos-detector's answer (about 10–30 ms a pattern, once per load), within 20,000 of its steps
 * (its default) and no clock: undecided within them is unsafe, and the answer is the same on a
 * busy machine (a timeout in milliseconds gave `(git|npm) .*` a different answer under load).
 */
function isSafePatternIn(source: string): boolean {
  try {
    return isSafePattern(source, { maxSteps: 20_000 }).safe
  } catch {
    return false
  }
}

/** One atom of a simple regex: whether it is quantified, and whether it must match something. */
interface Atom {
  /** Its source, without its quantifier. */
  readonly text: string
  /** The one character it stands for, when it is a literal. */
  readonly literal: string | undefined
  readonly quantified: boolean
  readonly mandatory: boolean
}

/**
 * For a regex of literals and single characters, classes and escapes, some under `*`, `+`, `?`
 * or `{n,m}` (no group, alternation, backreference or lookaround): how many quantified atoms
 * have an atom that must match after them. Each can make a failing attempt try again once per
 * character it gives back; a quantified atom at the end never needs to. Tried from one place, an
 * atom followed by a literal it cannot match does not count while no counted atom comes before
 * it (`\s*rm\s+-rf`: each run starts and ends in one place; after `.*`, `\s*x` starts anywhere
 * and reads its run again from each). Undefined for any other regex.
 */
function greedyRunsBeforeTheEnd(source: string, startsOnce: boolean): number | undefined {
  const atoms = readAtoms(source)
  if (atoms === undefined) return undefined
  // Whether an atom that must match comes after each one.
  const mandatoryAfter = atoms.map(() => false)
  for (let index = atoms.length - 2; index >= 0; index--) {
    mandatoryAfter[index] =
      mandatoryAfter[index + 1] === true || atoms[index + 1]?.mandatory === true
  }
  let count = 0
  atoms.forEach((atom, index) => {
    if (!atom.quantified || mandatoryAfter[index] !== true) return
    if (startsOnce && count === 0 && endsBefore(atom, atoms[index + 1])) return
    count++
  })
  return count
}

/** Whether `next` is a literal that must match and that `atom` cannot match. */
function endsBefore(atom: Atom, next: Atom | undefined): boolean {
  if (next?.literal === undefined || !next.mandatory || next.quantified) return false
  return !new RegExp(`^(?:${atom.text})$`).test(next.literal)
}

/** The atoms of a simple regex (see {@link greedyRunsBeforeTheEnd}), or undefined. */
function readAtoms(source: string): Atom[] | undefined {
  const atoms: Atom[] = []
  let index = 0
  while (index < source.length) {
    const char = source.charAt(index)
    if ('()|*+?'.includes(char)) return undefined
    if (char === '^' || char === '$') {
      index++
      continue
    }
    const width = atomWidth(source, index)
    if (width === undefined) return undefined
    if (width === 0) {
      index += 2 // \b, \B: zero-width
      continue
    }
    const text = source.slice(index, index + width)
    index += width
    const quantifier = quantifierAt(source, index)
    if (quantifier === undefined) return undefined
    index += quantifier.width
    if (quantifier.width > 0 && source.charAt(index) === '?') index++
    if ('*+?'.includes(source.charAt(index)) && index < source.length) return undefined
    atoms.push({
      text,
      literal: literalOf(text),
      quantified: quantifier.quantified,
      mandatory: quantifier.min > 0,
    })
  }
  return atoms
}

/** The character an atom's source stands for when it is a literal (`a`, `\\-`); else undefined. */
function literalOf(text: string): string | undefined {
  if (text.length === 1) return text === '.' ? undefined : text
  return text.length === 2 && text.startsWith('\\') && !/[A-Za-z0-9]/.test(text.charAt(1))
    ? text.charAt(1)
    : undefined
}

/**
 * How many characters of `source` the atom at `index` takes: an escape, a class, any other
 * character; 0 for a zero-width `\b` or `\B`; undefined for what a simple regex has not (a
 * backreference, an unclosed class).
 */
function atomWidth(source: string, index: number): number | undefined {
  const char = source.charAt(index)
  if (char === '[') {
    for (let end = index + 1; end < source.length; end++) {
      if (source.charAt(end) === '\\') end++
      else if (source.charAt(end) === ']' && end > index + 1) return end - index + 1
    }
    return undefined
  }
  if (char !== '\\') return 1
  const next = source.charAt(index + 1)
  if (next === '' || /[1-9k]/.test(next)) return undefined
  if (next === 'b' || next === 'B') return 0
  if (next === 'x') return 4
  if (next === 'c') return 3
  if (next === 'u' || next === 'p' || next === 'P') {
    if (source.charAt(index + 2) !== '{') return next === 'u' ? 6 : undefined
    const close = source.indexOf('}', index + 2)
    return close < 0 ? undefined : close - index + 1
  }
  return 2
}

/** The quantifier at `index` (none: width 0, one match); undefined for a malformed one. */
function quantifierAt(
  source: string,
  index: number,
): { width: number; quantified: boolean; min: number } | undefined {
  const char = source.charAt(index)
  if (char === '*') return { width: 1, quantified: true, min: 0 }
  if (char === '+') return { width: 1, quantified: true, min: 1 }
  if (char === '?') return { width: 1, quantified: true, min: 0 }
  if (char !== '{') return { width: 0, quantified: false, min: 1 }
  const braces = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(index))
  // A `{` that starts no quantifier is a literal `{`.
  if (braces === null) return { width: 0, quantified: false, min: 1 }
  const min = Number(braces[1])
  const exact = braces[2] === undefined || braces[3] === braces[1]
  return { width: braces[0].length, quantified: !exact, min }
}

/** What to say about a kept rule's regexes (SPEC §26): a `^` anchor, a regex never run. */
export function regexWarnings(
  commandRegex: unknown,
  unsafeRegex: boolean,
  decision: 'allow' | 'ask' | 'deny',
): string[] {
  const warnings: string[] = []
  if (typeof commandRegex === 'string' && commandRegex.startsWith('^')) {
    warnings.push(
      'commandRegex starts with ^, which never matches: the regex is tested against the arguments\' JSON after "command":" (as Gemini CLI does)',
    )
  }
  if (unsafeRegex && decision !== 'allow') {
    warnings.push(
      'its regex can backtrack catastrophically, so it is not run: every call it could be about asks instead',
    )
  }
  return warnings
}
