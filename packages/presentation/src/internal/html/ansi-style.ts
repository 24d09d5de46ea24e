import { byte, nearestBasic, paletteIndex } from './ansi-palette.js'

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

/** Whether two styles draw text alike. */
export function sameStyle(a: AnsiStyle, b: AnsiStyle): boolean {
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
export function applySgr(current: AnsiStyle, parameters: string): AnsiStyle {
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
