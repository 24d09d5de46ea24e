/**
 * A regex read as the cost model of `gemini-regex.ts` needs it (SPEC §26): its atoms, and the
 * ways through its groups. Only what that model can bound is read — literals, classes, escapes,
 * `.`, `^`, `$`, `\b` and their quantifiers, and groups that are not repeated (`(a|b)`,
 * `(?:a|b)?`, alternatives at the top); anything else (a repeated group, a lookaround, a
 * backreference) is not, and is left to redos-detector.
 */

/** One atom of a regex: whether it is quantified, and whether it must match something. */
export interface Atom {
  /** Its source, without its quantifier. */
  readonly text: string
  /** The one character it stands for, when it is a literal. */
  readonly literal: string | undefined
  readonly quantified: boolean
  /** Whether it must match (at least once, or a zero-width assertion that may fail). */
  readonly mandatory: boolean
}

/** A regex read: every way through its groups, and how many of them one attempt may try. */
export interface RegexShape {
  /** Each way through the groups, as a sequence of atoms. */
  readonly paths: readonly (readonly Atom[])[]
  /**
   * How many ways an attempt may follow from one place, at most: at a group, the alternatives
   * whose first character is the text's (an alternative that may start with anything, or match
   * nothing, counts with each), multiplied over the groups one after another.
   */
  readonly weight: number
  /** Whether alternatives stand at the top (`a|b`): then not every way starts alike. */
  readonly alternatesAtTop: boolean
}

/** A part of a sequence: an atom, or a group of alternatives (optional when `?` follows it). */
type Part = Atom | Group
interface Group {
  readonly alternatives: readonly (readonly Part[])[]
  readonly optional: boolean
}

/** The most ways through a regex that are read, and the deepest group. */
const pathLimit = 256
const depthLimit = 32
/** The longest regex read (a longer one is left to redos-detector). */
const sourceLimit = 4_096

/** The shape of a regex's source, or undefined when it holds what the model does not read. */
export function regexShape(source: string): RegexShape | undefined {
  if (source.length > sourceLimit) return undefined
  const reader = { source, index: 0 }
  const top = readAlternatives(reader, 0)
  if (top === undefined || reader.index !== source.length) return undefined
  const paths: Atom[][] = []
  for (const alternative of top) {
    const ways = expand(alternative)
    if (ways === undefined || paths.length + ways.length > pathLimit) return undefined
    paths.push(...ways)
  }
  return {
    paths,
    weight: groupWeight({ alternatives: top, optional: false }),
    alternatesAtTop: top.length > 1,
  }
}

interface Reader {
  readonly source: string
  index: number
}

/** The alternatives up to the end of the source (`depth` 0) or the group's `)`. */
function readAlternatives(reader: Reader, depth: number): Part[][] | undefined {
  if (depth > depthLimit) return undefined
  const alternatives: Part[][] = [[]]
  while (reader.index < reader.source.length) {
    const char = reader.source.charAt(reader.index)
    if (char === ')') return depth === 0 ? undefined : alternatives
    if (char === '|') {
      reader.index++
      alternatives.push([])
      continue
    }
    const part = char === '(' ? readGroup(reader, depth) : readAtom(reader)
    if (part === undefined) return undefined
    alternatives[alternatives.length - 1]?.push(part)
  }
  return depth === 0 ? alternatives : undefined
}

/** A group that is not repeated: `(…)`, `(?:…)`, `(?<name>…)`, each maybe followed by `?`. */
function readGroup(reader: Reader, depth: number): Group | undefined {
  const { source } = reader
  const opening = /^\((?:\?:|\?<[A-Za-z_$][\w$]*>)?/.exec(
    source.slice(reader.index, reader.index + 64),
  )
  if (opening === null || source.charAt(reader.index + opening[0].length) === '?') return undefined
  reader.index += opening[0].length
  const alternatives = readAlternatives(reader, depth + 1)
  if (alternatives === undefined) return undefined
  reader.index++ // its `)`
  if (source.charAt(reader.index) === '?') {
    reader.index += source.charAt(reader.index + 1) === '?' ? 2 : 1
    return { alternatives, optional: true }
  }
  // Repeated (`*`, `+`, `{n,m}`): the model does not read it.
  if (quantifierAt(source, reader.index)?.width !== 0) return undefined
  return { alternatives, optional: false }
}

/** The atom at the reader, with its quantifier; undefined for what the model does not read. */
function readAtom(reader: Reader): Atom | undefined {
  const { source } = reader
  const char = source.charAt(reader.index)
  if ('*+?'.includes(char)) return undefined
  const width = atomWidth(source, reader.index)
  const zeroWidth = char === '^' || char === '$' ? 1 : width === 0 ? 2 : 0
  if (zeroWidth > 0) {
    reader.index += zeroWidth
    if (quantifierAt(source, reader.index)?.width !== 0) return undefined
    const text = source.slice(reader.index - zeroWidth, reader.index)
    return { text, literal: undefined, quantified: false, mandatory: true }
  }
  if (width === undefined) return undefined
  const text = source.slice(reader.index, reader.index + width)
  reader.index += width
  const quantifier = quantifierAt(source, reader.index)
  if (quantifier === undefined) return undefined
  reader.index += quantifier.width
  if (quantifier.width > 0 && source.charAt(reader.index) === '?') reader.index++
  if ('*+?'.includes(source.charAt(reader.index)) && reader.index < source.length) return undefined
  return {
    text,
    literal: literalOf(text),
    quantified: quantifier.quantified,
    mandatory: quantifier.min > 0,
  }
}

/** Every way through `parts`, or undefined past {@link pathLimit}. */
function expand(parts: readonly Part[]): Atom[][] | undefined {
  let paths: Atom[][] = [[]]
  for (const part of parts) {
    if (!('alternatives' in part)) {
      for (const path of paths) path.push(part)
      continue
    }
    const options: Atom[][] = part.optional ? [[]] : []
    for (const alternative of part.alternatives) {
      const ways = expand(alternative)
      if (ways === undefined) return undefined
      options.push(...ways)
    }
    if (paths.length * options.length > pathLimit) return undefined
    paths = paths.flatMap((path) => options.map((option) => [...path, ...option]))
  }
  return paths
}

/** See {@link RegexShape.weight}. */
function groupWeight(group: Group): number {
  const alternatives = group.optional ? [...group.alternatives, []] : group.alternatives
  const byFirst = new Map<string, number>()
  let anyFirst = 0
  for (const alternative of alternatives) {
    let weight = 1
    for (const part of alternative) if ('alternatives' in part) weight *= groupWeight(part)
    const first = alternative[0]
    const literal =
      first !== undefined && 'literal' in first && first.mandatory ? first.literal : undefined
    if (literal === undefined) anyFirst += weight
    else byFirst.set(literal, (byFirst.get(literal) ?? 0) + weight)
  }
  return anyFirst + Math.max(0, ...byFirst.values())
}

/** Whether `source` has alternatives at its top (`a|b`, not `(a|b)` or `[|]`). */
export function alternatesAtTop(source: string): boolean {
  let depth = 0
  for (let index = 0; index < source.length; index++) {
    const char = source.charAt(index)
    if (char === '\\') index++
    else if (char === '[') index += (atomWidth(source, index) ?? source.length) - 1
    else if (char === '(') depth++
    else if (char === ')') depth--
    else if (char === '|' && depth === 0) return true
  }
  return false
}

/** The character an atom's source stands for when it is a literal (`a`, `\\-`); else undefined. */
function literalOf(text: string): string | undefined {
  if (text.length === 1) return text === '.' ? undefined : text
  return text.length === 2 && text.startsWith('\\') && !/[A-Za-z0-9]/.test(text.charAt(1))
    ? text.charAt(1)
    : undefined
}

/**
 * How many characters of `source` the atom at `index` takes, as a regex without flags reads it:
 * an escape, a class (`[]` matches nothing, `[^]` anything: a `]` right after the opening closes
 * it), any other character; 0 for a zero-width `\b` or `\B`; undefined for what the model does
 * not read (a backreference, an unclosed class).
 */
function atomWidth(source: string, index: number): number | undefined {
  const char = source.charAt(index)
  if (char === '[') {
    const start = source.charAt(index + 1) === '^' ? index + 2 : index + 1
    for (let end = start; end < source.length; end++) {
      if (source.charAt(end) === '\\') end++
      else if (source.charAt(end) === ']') return end - index + 1
    }
    return undefined
  }
  if (char !== '\\') return 1
  const next = source.charAt(index + 1)
  if (next === '' || /[1-9k]/.test(next)) return undefined
  if (next === 'b' || next === 'B') return 0
  // Without the `u` flag, `\u{2}` is `u` twice and `\p{L}` a `p`: only hex digits make a code.
  if (next === 'x') return /^[\dA-Fa-f]{2}$/.test(source.slice(index + 2, index + 4)) ? 4 : 2
  if (next === 'u') return /^[\dA-Fa-f]{4}$/.test(source.slice(index + 2, index + 6)) ? 6 : 2
  if (next === 'c') return /[A-Za-z]/.test(source.charAt(index + 2)) ? 3 : undefined
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
