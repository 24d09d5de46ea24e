/** The graphic rendition (SGR) state that a run of terminal text is drawn with. */
export interface AnsiStyle {
  readonly bold: boolean
  readonly dim: boolean
  readonly italic: boolean
  readonly underline: boolean
  readonly strike: boolean
  readonly inverse: boolean
  /** A colour of the 16-colour palette (0–15); 256-colour and RGB colours are mapped to it. */
  readonly foreground: number | undefined
  readonly background: number | undefined
}

/** Text drawn in one style. */
export interface AnsiRun {
  readonly text: string
  readonly style: AnsiStyle
}

/** No attribute and the default colours: the style output starts with, and SGR 0 returns to. */
export const plainStyle: AnsiStyle = {
  bold: false,
  dim: false,
  italic: false,
  underline: false,
  strike: false,
  inverse: false,
  foreground: undefined,
  background: undefined,
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
    let sequence: Sequence | undefined
    let start: number
    if (code === ESC) {
      sequence = introducers[output.charCodeAt(index + 1)]
      start = index + 2
      if (sequence === undefined) {
        index = skipEscape(output, index + 1)
        continue
      }
    } else {
      sequence = introducers[code - 0x40]
      start = index + 1
      if (sequence === undefined) {
        index += 1
        continue
      }
    }
    if (sequence === 'csi') {
      const read = readControlSequence(output, start)
      if (read.final === 'm' && read.intermediates === '' && /^[\d;:]*$/.test(read.parameters)) {
        flush()
        style = applySgr(style, read.parameters)
      }
      index = read.end
    } else {
      index = skipString(output, start, sequence === 'osc')
    }
  }
  flush()
  return runs
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

function sameStyle(a: AnsiStyle, b: AnsiStyle): boolean {
  return (
    a.bold === b.bold &&
    a.dim === b.dim &&
    a.italic === b.italic &&
    a.underline === b.underline &&
    a.strike === b.strike &&
    a.inverse === b.inverse &&
    a.foreground === b.foreground &&
    a.background === b.background
  )
}

/** The style after an SGR sequence's parameters (`1;31`, `38;5;208`, `38:2::255:0:0`, ``). */
function applySgr(current: AnsiStyle, parameters: string): AnsiStyle {
  const style: { -readonly [Key in keyof AnsiStyle]: AnsiStyle[Key] } = { ...current }
  const parts = parameters.split(';')
  for (let index = 0; index < parts.length; index += 1) {
    const [head = '', ...subparameters] = (parts[index] ?? '').split(':')
    const code = head === '' ? 0 : Number(head)
    if (code === 38 || code === 48) {
      const extended =
        subparameters.length > 0
          ? extendedColour(subparameters, true)
          : extendedColour(parts.slice(index + 1), false)
      index += subparameters.length > 0 ? 0 : extended.consumed
      if (extended.colour !== undefined) {
        if (code === 38) style.foreground = extended.colour
        else style.background = extended.colour
      }
      continue
    }
    applyCode(style, code)
  }
  return style
}

function applyCode(style: { -readonly [Key in keyof AnsiStyle]: AnsiStyle[Key] }, code: number) {
  if (code === 0) Object.assign(style, plainStyle)
  else if (code === 1) style.bold = true
  else if (code === 2) style.dim = true
  else if (code === 3) style.italic = true
  else if (code === 4 || code === 21) style.underline = true
  else if (code === 7) style.inverse = true
  else if (code === 9) style.strike = true
  else if (code === 22) style.bold = style.dim = false
  else if (code === 23) style.italic = false
  else if (code === 24) style.underline = false
  else if (code === 27) style.inverse = false
  else if (code === 29) style.strike = false
  else if (code >= 30 && code <= 37) style.foreground = code - 30
  else if (code === 39) style.foreground = undefined
  else if (code >= 40 && code <= 47) style.background = code - 40
  else if (code === 49) style.background = undefined
  else if (code >= 90 && code <= 97) style.foreground = code - 90 + 8
  else if (code >= 100 && code <= 107) style.background = code - 100 + 8
}

/**
 * `5;n` (256 colours) or `2;r;g;b` (RGB) after a 38 or 48: in colon form the subparameters
 * (`2::r:g:b`, whose second one is a colour space id), in semicolon form the parameters that
 * follow, `consumed` of them.
 */
function extendedColour(
  values: readonly string[],
  colonForm: boolean,
): { colour: number | undefined; consumed: number } {
  const mode = values[0]
  if (mode === '5') {
    const index = byte(values[1])
    return { colour: index === undefined ? undefined : paletteIndex(index), consumed: 2 }
  }
  if (mode === '2') {
    const channels = colonForm && values.length >= 5 ? values.slice(2, 5) : values.slice(1, 4)
    const [red, green, blue] = channels.map(byte)
    const colour =
      red === undefined || green === undefined || blue === undefined
        ? undefined
        : nearestBasic(red, green, blue)
    return { colour, consumed: 4 }
  }
  return { colour: undefined, consumed: 0 }
}

function byte(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,3}$/.test(value)) return undefined
  const number = Number(value)
  return number <= 255 ? number : undefined
}

/** xterm's default 16 colours. */
const basic: readonly (readonly [number, number, number])[] = [
  [0, 0, 0],
  [205, 0, 0],
  [0, 205, 0],
  [205, 205, 0],
  [0, 0, 238],
  [205, 0, 205],
  [0, 205, 205],
  [229, 229, 229],
  [127, 127, 127],
  [255, 0, 0],
  [0, 255, 0],
  [255, 255, 0],
  [92, 92, 255],
  [255, 0, 255],
  [0, 255, 255],
  [255, 255, 255],
]

/** A 256-colour index as one of the 16: the cube (16–231) and the greys (232–255) by nearness. */
function paletteIndex(index: number): number {
  if (index < 16) return index
  if (index >= 232) {
    const grey = 8 + (index - 232) * 10
    return nearestBasic(grey, grey, grey)
  }
  const cube = index - 16
  const level = (step: number): number => (step === 0 ? 0 : 55 + step * 40)
  return nearestBasic(
    level(Math.floor(cube / 36)),
    level(Math.floor(cube / 6) % 6),
    level(cube % 6),
  )
}

function nearestBasic(red: number, green: number, blue: number): number {
  let best = 0
  let bestDistance = Number.POSITIVE_INFINITY
  basic.forEach(([r, g, b], index) => {
    const distance = (r - red) ** 2 + (g - green) ** 2 + (b - blue) ** 2
    if (distance < bestDistance) {
      best = index
      bestDistance = distance
    }
  })
  return best
}
