/**
 * A path pattern as the sandbox runtime reads one (`*` and `?` within a name, `[abc]` and
 * `[a-z]` one character of a set — `^` and `!` in it are members, not negations — and `**` as a
 * whole name any number of folders), matched one name at a time so that a walk can stop early.
 * A `**` inside a longer name (`a**b`) is read as `*`, and a set naming `/` as text: both match
 * nothing a walk could tell apart from a name, and neither appears in Claude Code's rules.
 */
export interface PathGlob {
  /** The literal folder before the pattern's first name with a wildcard. */
  readonly base: string
  readonly names: readonly GlobName[]
}

/** One name of a pattern: `**` (any number of names), or what one name must be. */
export type GlobName =
  { readonly kind: 'globstar' } | { readonly kind: 'name'; readonly parts: readonly NamePart[] }

type NamePart =
  | { readonly kind: 'text'; readonly char: string }
  | { readonly kind: 'any' }
  | { readonly kind: 'star' }
  | { readonly kind: 'set'; readonly ranges: readonly (readonly [number, number])[] }

/** Whether `path` holds a wildcard, as the sandbox runtime tells (`*`, `?`, `[`, `]`). */
export function hasWildcard(path: string): boolean {
  return /[*?[\]]/u.test(path)
}

/** `pattern` (absolute) split into its literal base folder and the names after it. */
export function parsePathGlob(pattern: string): PathGlob {
  const segments = pattern.split('/')
  const first = segments.findIndex(hasWildcard)
  const literal = first === -1 ? segments : segments.slice(0, first)
  const base = literal.join('/') === '' ? '/' : literal.join('/')
  const names = (first === -1 ? [] : segments.slice(first)).map(parseName)
  return { base, names }
}

function parseName(segment: string): GlobName {
  if (/^\*{2,}$/u.test(segment)) return { kind: 'globstar' }
  const parts: NamePart[] = []
  for (let index = 0; index < segment.length; index++) {
    const char = segment.charAt(index)
    if (char === '*') {
      if (parts.at(-1)?.kind !== 'star') parts.push({ kind: 'star' })
    } else if (char === '?') {
      parts.push({ kind: 'any' })
    } else if (char === '[') {
      const close = segment.indexOf(']', index + 1)
      const ranges = close === -1 ? undefined : setRanges(segment.slice(index + 1, close))
      if (ranges === undefined) parts.push({ kind: 'text', char })
      else {
        parts.push({ kind: 'set', ranges })
        index = close
      }
    } else parts.push({ kind: 'text', char })
  }
  return { kind: 'name', parts }
}

/** The ranges a set's members spell (a `-` first or last is a member); none for `[]` or `[z-a]`. */
function setRanges(members: string): [number, number][] | undefined {
  if (members === '') return undefined
  const ranges: [number, number][] = []
  for (let index = 0; index < members.length; index++) {
    const from = members.charCodeAt(index)
    if (members[index + 1] === '-' && index + 2 < members.length) index += 2
    const to = members.charCodeAt(index)
    if (to < from) return undefined
    ranges.push([from, to])
  }
  return ranges
}

/** The positions in `names` reached before any name is read (past leading `**`s too). */
export function startPositions(glob: PathGlob): ReadonlySet<number> {
  return closed(glob, [0])
}

/** The positions reached from `positions` by reading `name`; empty where nothing can match. */
export function readName(
  glob: PathGlob,
  positions: ReadonlySet<number>,
  name: string,
): ReadonlySet<number> {
  const next: number[] = []
  for (const position of positions) {
    const part = glob.names[position]
    if (part === undefined) continue
    if (part.kind === 'globstar') next.push(position)
    else if (nameMatches(part.parts, name)) next.push(position + 1)
  }
  return closed(glob, next)
}

/** Whether the names read so far match the whole pattern. */
export function isMatch(glob: PathGlob, positions: ReadonlySet<number>): boolean {
  return positions.has(glob.names.length)
}

/** `positions` with every position a `**` can skip to. */
function closed(glob: PathGlob, positions: readonly number[]): ReadonlySet<number> {
  const all = new Set<number>()
  for (let position of positions) {
    while (!all.has(position)) {
      all.add(position)
      if (glob.names[position]?.kind !== 'globstar') break
      position++
    }
  }
  return all
}

/**
 * Whether `name` matches the parts of one name: the usual wildcard match, going back to the last
 * `*` on a mismatch, so its time grows with the product of the two lengths, never more.
 */
function nameMatches(parts: readonly NamePart[], name: string): boolean {
  let part = 0
  let char = 0
  let star = -1
  let starChar = 0
  while (char < name.length) {
    const current = parts[part]
    if (current?.kind === 'star') {
      star = part++
      starChar = char
    } else if (current !== undefined && oneChar(current, name.charCodeAt(char))) {
      part++
      char++
    } else if (star !== -1) {
      part = star + 1
      char = ++starChar
    } else return false
  }
  while (parts[part]?.kind === 'star') part++
  return part === parts.length
}

function oneChar(part: Exclude<NamePart, { kind: 'star' }>, code: number): boolean {
  switch (part.kind) {
    case 'text':
      return part.char.charCodeAt(0) === code
    case 'any':
      return true
    case 'set':
      return part.ranges.some(([from, to]) => from <= code && code <= to)
  }
}
