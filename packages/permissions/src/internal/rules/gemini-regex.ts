import { isSafePattern } from 'redos-detector'
import { alternatesAtTop, regexShape } from './regex-shape.js'
import type { Atom, RegexShape } from './regex-shape.js'

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
 * `{"command":"…"}`, where a string's own quotes are escaped), so it is tried from one place —
 * unless alternatives stand at the regex's top (`"command":"a|b`: `b` starts anywhere);
 * otherwise (`argsPattern`) every position of the text is a start, and `x+y` on a text of `x`s
 * reads the run again from each one (4.5 s on 100 KB).
 *
 * Regexes of literals, classes and quantified single atoms, with groups that are not repeated
 * (`(npm|pnpm) (install|i)( .*)?`), are bounded here, each way through their groups on its own
 * (see {@link runsThatGiveBack}); anything else is asked of redos-detector.
 */
export function regexCost(pattern: RegExp, startsOnce: boolean): RegexCost {
  const source = pattern.source
  const shape = regexShape(source)
  const once = startsOnce && !(shape?.alternatesAtTop ?? alternatesAtTop(source))
  const degree = shape === undefined ? undefined : degreeOf(shape, once)
  const weight = shape?.weight ?? Number.POSITIVE_INFINITY
  if (degree !== undefined && degree <= 1 && weight <= linearWeight) return 'linear'
  const quadratic = degree === 2 && weight <= quadraticWeight
  // redos-detector could only say `quadratic` of a regex tried from every position.
  if (quadratic && !once) return 'quadratic'
  // redos-detector: no attempt backtracks more than linearly (`\s*rm\s+-rf`: the runs cannot
  // overlap). Tried from one place, that is linear; from every place, quadratic at worst.
  const safe = isSafePatternIn(source)
  if (safe) return once ? 'linear' : 'quadratic'
  return quadratic ? 'quadratic' : 'unsafe'
}

/**
 * The most ways through its groups a regex may try from one place ({@link RegexShape.weight})
 * to count as linear, or quadratic, here: each multiplies its time (16 × 100 KB, 4 × 2,048²
 * steps take a few milliseconds). A regex with more is asked of redos-detector.
 */
const linearWeight = 16
const quadraticWeight = 4

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

/**
 * The degree of the polynomial a regex's time grows by: the greatest over the ways through its
 * groups (an attempt tries each way its text allows, so its time is at most their sum, and
 * `weight` bounds how many it tries from one place). A regex anchored at `^` in every way is
 * tried from one place.
 */
function degreeOf(shape: RegexShape, startsOnce: boolean): number {
  const once = startsOnce || shape.paths.every((path) => path[0]?.text === '^')
  return Math.max(1, ...shape.paths.map((path) => runsThatGiveBack(path, once)))
}

/**
 * For a sequence of atoms, some quantified: the degree of the time a failing search takes. Each
 * quantified atom with an atom that must match after it (a literal, a class, `$`, `\b`) can make
 * a failing attempt try again once per character it gives back, and counts; one at the end never
 * needs to. One does not count when its run cannot end but in one place — the atom after it is
 * a literal it cannot match — and either the atom before it is a literal it cannot match (the
 * runs of different attempts never overlap: `"[^"]+\.md`, `-[a-z]+=`) or, tried from one place,
 * no counted atom comes before it (`\s*rm\s+-rf`: after `.*`, `\s*x` starts anywhere and reads
 * its run again from each). Tried from every position, each start adds one — unless the one atom
 * that counts starts after a literal it cannot match, and nothing before it counts: its runs
 * from different starts never overlap (`rm -rf [a-z/]*$`).
 */
function runsThatGiveBack(atoms: readonly Atom[], once: boolean): number {
  // Whether an atom that must match comes after each one.
  const mandatoryAfter = atoms.map(() => false)
  for (let index = atoms.length - 2; index >= 0; index--) {
    mandatoryAfter[index] =
      mandatoryAfter[index + 1] === true || atoms[index + 1]?.mandatory === true
  }
  let count = 0
  let first: number | undefined
  atoms.forEach((atom, index) => {
    if (!atom.quantified || mandatoryAfter[index] !== true) return
    if (stops(atom, atoms[index + 1]) && (stops(atom, atoms[index - 1]) || (once && count === 0))) {
      return
    }
    count++
    first ??= index
  })
  if (once) return count
  if (count === 1 && first !== undefined && stops(atoms[first], atoms[first - 1])) return 1
  return count + 1
}

/** Whether `neighbour` is a literal that must match and that `atom` cannot match. */
function stops(atom: Atom | undefined, neighbour: Atom | undefined): boolean {
  if (atom === undefined || neighbour?.literal === undefined) return false
  if (!neighbour.mandatory || neighbour.quantified) return false
  return !new RegExp(`^(?:${atom.text})$`).test(neighbour.literal)
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
