import { unknown } from '../shell/command-text.js'

/** The most words one word's braces may make, and their characters, before they are unknown. */
const maxWords = 256
const maxCharacters = 65_536
/** The most brace expressions read in one word, nested ones included. */
const maxRounds = 64

/**
 * `line` with each word's braces expanded as bash expands them (bash(1) "Brace Expansion"):
 * `{r,x}m` is `rm xm`, `r{m,}` is `rm r`, `{a..c}` is `a b c`; braces that expand to nothing
 * else (`{x}`, `{}`) stay as written. Past {@link maxWords} words or {@link maxCharacters}
 * characters, or {@link maxRounds} expressions, a word's brace expressions are each one unknown
 * stretch instead (bounded work; what they make may be anything).
 */
export function expandBraces(line: string): string {
  if (!line.includes('{')) return line
  return line
    .split(/(\s+)/u)
    .map((token, index) => (index % 2 === 1 ? token : expandWord(token)))
    .join('')
}

function expandWord(word: string): string {
  let words = [word]
  for (let round = 0; round < maxRounds; round++) {
    const next: string[] = []
    let changed = false
    let characters = 0
    for (const current of words) {
      const made = firstExpansion(current)
      if (made === undefined) next.push(current)
      else next.push(...made)
      changed ||= made !== undefined
      if (next.length > maxWords) return unknownBraces(word)
    }
    for (const made of next) characters += made.length
    if (characters > maxCharacters) return unknownBraces(word)
    if (!changed) return next.join(' ')
    words = next
  }
  return unknownBraces(word)
}

/** The words the first brace expression of `word` that expands makes; undefined for none. */
function firstExpansion(word: string): string[] | undefined {
  if (!word.includes('{')) return undefined
  for (const pair of bracePairs(word)) {
    const items = braceItems(word.slice(pair.open + 1, pair.close), pair.commas)
    if (items === undefined) continue
    const before = word.slice(0, pair.open)
    const after = word.slice(pair.close + 1)
    return items.map((item) => `${before}${item}${after}`)
  }
  return undefined
}

/** A `{` and the `}` closing it, with the places of its own commas (relative to `open + 1`). */
interface BracePair {
  readonly open: number
  readonly close: number
  readonly commas: number[]
}

/** Every closed brace pair of `word`, by where it opens: one pass, on a stack. */
function bracePairs(word: string): BracePair[] {
  const open: { index: number; commas: number[] }[] = []
  const pairs: BracePair[] = []
  for (let index = 0; index < word.length; index++) {
    const char = word[index]
    if (char === '{') open.push({ index, commas: [] })
    else if (char === ',') {
      const inner = open.at(-1)
      inner?.commas.push(index - inner.index - 1)
    } else if (char === '}') {
      const inner = open.pop()
      if (inner !== undefined) pairs.push({ open: inner.index, close: index, commas: inner.commas })
    }
  }
  return pairs.sort((a, b) => a.open - b.open)
}

/** A brace expression's items: its comma-separated ones, or a sequence's; undefined for none. */
function braceItems(body: string, commas: readonly number[]): string[] | undefined {
  if (commas.length > 0) {
    const items: string[] = []
    let from = 0
    for (const comma of commas) {
      items.push(body.slice(from, comma))
      from = comma + 1
    }
    items.push(body.slice(from))
    return items
  }
  const numbers = /^(-?\d+)\.\.(-?\d+)(?:\.\.(-?\d+))?$/u.exec(body)
  if (numbers !== null) {
    const [first, last, step] = [numbers[1], numbers[2], numbers[3] ?? '1'].map(Number)
    return sequence(first ?? 0, last ?? 0, Math.abs(step ?? 1) || 1, String)
  }
  const letters = /^([A-Za-z])\.\.([A-Za-z])(?:\.\.(-?\d+))?$/u.exec(body)
  if (letters === null) return undefined
  const [first, last] = [letters[1], letters[2]].map((letter) => (letter ?? 'a').charCodeAt(0))
  const step = Math.abs(Number(letters[3] ?? '1')) || 1
  return sequence(first ?? 0, last ?? 0, step, (code) => String.fromCharCode(code))
}

/** `first` to `last` by `step`, either way; past {@link maxWords} items, one unknown item. */
function sequence(
  first: number,
  last: number,
  step: number,
  spell: (value: number) => string,
): string[] {
  if (Math.abs(last - first) / step > maxWords) return [unknown]
  const items: string[] = []
  const by = first <= last ? step : -step
  for (let value = first; first <= last ? value <= last : value >= last; value += by) {
    items.push(spell(value))
  }
  return items
}

/**
 * `word` with each innermost brace expression an unknown stretch, until none is left, its items
 * kept beside it as words of their own (`{rm,a,…}` past the bound still names `rm`).
 */
function unknownBraces(word: string): string {
  let result = word
  const items: string[] = []
  for (let round = 0; round < maxRounds && /\{[^{}]*\}/u.test(result); round++) {
    result = result.replace(/\{([^{}]*)\}/gu, (_group, body: string) => {
      items.push(body.replaceAll(',', ' '))
      return unknown
    })
  }
  return [result, ...items].join(' ')
}
