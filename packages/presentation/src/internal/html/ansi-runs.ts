import { applySgr, plainStyle, sameStyle } from './ansi-style.js'
import type { AnsiStyle } from './ansi-style.js'

/** Text drawn in one style. */
export interface AnsiRun {
  readonly text: string
  readonly style: AnsiStyle
}

const ESC = 0x1b
const BEL = 0x07
const CAN = 0x18
const SUB = 0x1a

/** What follows an introducer: a control sequence, or a string that runs to its terminator. */
type Sequence = 'csi' | 'osc' | 'string'

/** ESC + this byte introduces…; the 8-bit C1 form is the byte + 0x40. */
const introducers: Readonly<Record<number, Sequence>> = {
  0x5b: 'csi', // [
  0x5d: 'osc', // ]
  0x50: 'string', // P: device control string
  0x58: 'string', // X: start of string
  0x5e: 'string', // ^: privacy message
  0x5f: 'string', // _: application program command
}

/**
 * Splits terminal output into styled runs of text, the way a terminal reads it (ECMA-48):
 *
 * - SGR sequences (`CSI … m`) set the style: bold, dim, italic, underline, strikethrough,
 *   inverse, and the 16, 256 and RGB colours (the last two mapped to the nearest of the 16);
 * - every other sequence is consumed and dropped: other control sequences (cursor moves,
 *   erasing, private modes), operating system commands (OSC: window titles, the clipboard, and
 *   OSC 8 hyperlinks, whose target is dropped and whose text stays as plain text), device control
 *   strings and the other string sequences, and two- and three-byte escapes (`ESC 7`, `ESC ( B`),
 *   in their 7-bit (`ESC [`) and 8-bit (U+009B) forms alike; the other C1 controls are dropped;
 * - a string sequence ends at its terminator (ST, or BEL for OSC), at CAN or SUB, or at the next
 *   ESC; one left open swallows the rest, as in a terminal; a control sequence interrupted by a
 *   character outside its syntax is dropped and that character is read as text;
 * - `\r\n` and a lone `\r` end a line. Other C0 controls stay in the text (the HTML escaper shows
 *   them as labels).
 *
 * Concealed text (SGR 8) and blinking are ignored: the text shows.
 */
export function ansiRuns(output: string): AnsiRun[] {
  const runs: AnsiRun[] = []
  let style = plainStyle
  let text = ''
  const flush = (): void => {
    if (text === '') return
    const last = runs.at(-1)
    if (last !== undefined && sameStyle(last.style, style)) {
      runs[runs.length - 1] = { text: last.text + text, style }
    } else {
      runs.push({ text, style })
    }
    text = ''
  }
  // A regular expression with state (`lastIndex`): one per call, never shared.
  // eslint-disable-next-line no-control-regex -- control characters are what this matches
  const controls = /[\u001b\r\u0080-\u009f]/g
  let index = 0
  while (index < output.length) {
    const code = output.charCodeAt(index)
    if (code !== ESC && code !== 0x0d && (code < 0x80 || code > 0x9f)) {
      // Plain text up to the next escape, C1 control or carriage return, in one slice.
      controls.lastIndex = index
      const end = controls.exec(output)?.index ?? output.length
      text += output.slice(index, end)
      index = end
      continue
    }
    if (code === 0x0d) {
      text += '\n'
      index += output.charCodeAt(index + 1) === 0x0a ? 2 : 1
      continue
    }
    const escape = readEscape(output, index, code)
    if (escape.sgr !== undefined) {
      flush()
      style = applySgr(style, escape.sgr)
    }
    index = escape.end
  }
  flush()
  return runs
}

/**
 * The escape, C1 control or sequence at `index` (whose code is `code`): where reading goes on,
 * and the parameters of an SGR sequence, the one kind that changes the style.
 */
function readEscape(
  output: string,
  index: number,
  code: number,
): { readonly end: number; readonly sgr?: string } {
  let sequence: Sequence | undefined
  let start: number
  if (code === ESC) {
    sequence = introducers[output.charCodeAt(index + 1)]
    start = index + 2
    if (sequence === undefined) return { end: skipEscape(output, index + 1) }
  } else {
    sequence = introducers[code - 0x40]
    start = index + 1
    if (sequence === undefined) return { end: index + 1 }
  }
  if (sequence !== 'csi') return { end: skipString(output, start, sequence === 'osc') }
  const read = readControlSequence(output, start)
  const sgr = read.final === 'm' && read.intermediates === '' && /^[\d;:]*$/.test(read.parameters)
  return sgr ? { end: read.end, sgr: read.parameters } : { end: read.end }
}

/** After ESC and a byte that is no introducer: intermediates (0x20–0x2F), then a final byte. */
function skipEscape(output: string, from: number): number {
  let index = from
  while (index < output.length && isBetween(output.charCodeAt(index), 0x20, 0x2f)) index += 1
  // A final byte ends the escape; anything else (a control, text past 0x7E) is read again.
  return index < output.length && isBetween(output.charCodeAt(index), 0x30, 0x7e)
    ? index + 1
    : index
}

interface ControlSequence {
  readonly parameters: string
  readonly intermediates: string
  /** The final byte, or `undefined` when the sequence was interrupted or cut off. */
  readonly final: string | undefined
  /** Where reading goes on. */
  readonly end: number
}

function readControlSequence(output: string, from: number): ControlSequence {
  let index = from
  while (index < output.length && isBetween(output.charCodeAt(index), 0x30, 0x3f)) index += 1
  const parameters = output.slice(from, index)
  const intermediateStart = index
  while (index < output.length && isBetween(output.charCodeAt(index), 0x20, 0x2f)) index += 1
  const intermediates = output.slice(intermediateStart, index)
  if (index < output.length && isBetween(output.charCodeAt(index), 0x40, 0x7e)) {
    return { parameters, intermediates, final: output[index], end: index + 1 }
  }
  return { parameters, intermediates, final: undefined, end: index }
}

/** Skips a string sequence's body and terminator; returns where reading goes on. */
function skipString(output: string, from: number, bellEnds: boolean): number {
  for (let index = from; index < output.length; index += 1) {
    const code = output.charCodeAt(index)
    if (code === 0x9c || (bellEnds && code === BEL) || code === CAN || code === SUB) {
      return index + 1
    }
    if (code === ESC) {
      // ESC \ is the string terminator; any other ESC ends the string and starts a sequence.
      return output.charCodeAt(index + 1) === 0x5c ? index + 2 : index
    }
  }
  return output.length
}

function isBetween(code: number, low: number, high: number): boolean {
  return code >= low && code <= high
}
