import type { JsonValue } from '@toolpipe/core'

/** How much of the arguments an approval message shows. */
export interface SummaryLimits {
  /** Members of the arguments object shown, each on its own line (default 20). */
  readonly members: number
  /** Characters of one member's value (default 500). */
  readonly valueLength: number
  /** Lines of one multi-line string (default 12). */
  readonly valueLines: number
  /** Characters of the whole summary (default 2,000). */
  readonly total: number
}

const defaultLimits: SummaryLimits = { members: 20, valueLength: 500, valueLines: 12, total: 2_000 }

/**
 * A call's arguments as a person reads them beside an approval question: one line per member of
 * the arguments object, `key: value`, a string as its text (a multi-line one on the lines after
 * its key, indented), anything else as compact JSON, and `(no arguments)` for an empty object.
 * Nothing grows without bound: a value is cut after `valueLength` characters or `valueLines`
 * lines, the members after `members`, the whole after `total`, each cut saying what it left out.
 *
 * What a person approves must be what they see: control characters, and the Unicode marks that
 * reorder or hide text (bidirectional overrides and isolates, zero-width characters), are shown as
 * `\u{…}` escapes, so a model cannot make `rm -rf /` look like something else, overwrite a line
 * with a carriage return, or hide a second command after an escape sequence.
 *
 * @param args - the validated, frozen arguments of the call (JSON data)
 */
export function summarizeArguments(args: JsonValue, limits: SummaryLimits = defaultLimits): string {
  if (!isObject(args)) return cut(render(args, limits), limits.total)
  const keys = Object.keys(args)
  if (keys.length === 0) return '(no arguments)'
  const lines: string[] = []
  for (const key of keys.slice(0, limits.members)) {
    lines.push(`${keyText(key)}: ${render(args[key] ?? null, limits)}`)
  }
  const more = keys.length - limits.members
  if (more > 0) lines.push(`… and ${String(more)} more ${more === 1 ? 'member' : 'members'}`)
  return cut(lines.join('\n'), limits.total)
}

function isObject(value: JsonValue): value is Record<string, JsonValue> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** One value: a string as its text, a multi-line one indented under its key; JSON otherwise. */
function render(value: JsonValue, limits: SummaryLimits): string {
  if (typeof value !== 'string') return cut(visible(JSON.stringify(value)), limits.valueLength)
  const text = cut(value, limits.valueLength)
  const lines = text.split('\n')
  if (lines.length === 1) return visible(text)
  const shown = lines.slice(0, limits.valueLines).map((line) => `  ${visible(line)}`)
  const hidden = lines.length - limits.valueLines
  if (hidden > 0) shown.push(`  … ${String(hidden)} more ${hidden === 1 ? 'line' : 'lines'}`)
  return `\n${shown.join('\n')}`
}

/** A key as written before its value: as it is when plain, else as JSON. */
function keyText(key: string): string {
  return /^[\w$.-]{1,64}$/u.test(key) ? key : cut(visible(JSON.stringify(key)), 64)
}

/** Ranges of code points that a person would not see as written: shown as escapes. */
const hiddenRanges: readonly (readonly [number, number])[] = [
  [0x00, 0x08], // C0 controls before the tab
  [0x0b, 0x1f], // the rest of C0 but the line feed: a carriage return could overwrite a line
  [0x7f, 0x9f], // DEL and C1 controls (CSI included)
  [0xad, 0xad], // soft hyphen
  [0x61c, 0x61c], // Arabic letter mark
  [0x180e, 0x180e], // Mongolian vowel separator
  [0x200b, 0x200f], // zero-width characters and directional marks
  [0x202a, 0x202e], // bidirectional embeddings and overrides
  [0x2060, 0x2069], // word joiner, invisible operators, bidirectional isolates
  [0xfeff, 0xfeff], // zero-width no-break space
  [0xfff9, 0xfffb], // interlinear annotation marks
]

function isHidden(codePoint: number): boolean {
  return hiddenRanges.some(([low, high]) => codePoint >= low && codePoint <= high)
}

/**
 * `text` with control characters (but a line feed, which `render` lays out, and a tab) and the
 * marks that reorder or hide text written as `\u{…}`: what the person sees is what was sent.
 */
function visible(text: string): string {
  let shown = ''
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0
    shown += isHidden(codePoint) ? `\\u{${codePoint.toString(16)}}` : character
  }
  return shown
}

/** `text`, or its first `length` characters (never half a surrogate pair) and what was left out. */
function cut(text: string, length: number): string {
  if (text.length <= length) return text
  let end = length
  const last = text.charCodeAt(end - 1)
  if (last >= 0xd800 && last <= 0xdbff) end--
  return `${text.slice(0, end)}… (${String(text.length - end)} more characters)`
}
