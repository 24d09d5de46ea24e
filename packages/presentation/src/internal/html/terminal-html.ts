import type { AnsiStyle } from './ansi-style.js'
import { ansiRuns } from './ansi-runs.js'
import { linkedTextHtml } from './linked-text-html.js'

/**
 * Terminal output as HTML: SGR styles as `tp-*` classes on spans (see {@link ansiRuns} for what
 * is read and what is dropped), the text escaped, URLs linked when `links` is on. No escape
 * sequence reaches the result.
 */
export function terminalHtml(output: string, links: boolean): string {
  return ansiRuns(output)
    .map(({ text, style }) => {
      const classes = styleClasses(style)
      const html = linkedTextHtml(text, links)
      return classes === '' ? html : `<span class="${classes}">${html}</span>`
    })
    .join('')
}

/** The classes of a style, from fixed names only (colours are palette indexes 0–15). */
function styleClasses(style: AnsiStyle): string {
  const classes: string[] = []
  if (style.bold) classes.push('tp-bold')
  if (style.dim) classes.push('tp-dim')
  if (style.italic) classes.push('tp-italic')
  if (style.underline) classes.push('tp-underline')
  if (style.strike) classes.push('tp-strike')
  // Inverse swaps the colours; a default colour becomes the other side's default.
  const foreground = style.inverse ? style.background : style.foreground
  const background = style.inverse ? style.foreground : style.background
  // The same colour on itself would hide the text: it is shown in the default foreground.
  if (foreground !== undefined && foreground !== background) {
    classes.push(`tp-fg-${classIndex(foreground)}`)
  } else if (foreground === undefined && style.inverse) {
    classes.push('tp-fg-inverse')
  }
  if (background !== undefined) classes.push(`tp-bg-${classIndex(background)}`)
  else if (style.inverse) classes.push('tp-bg-inverse')
  return classes.join(' ')
}

/** A palette index for a class name: only the integers 0–15, whatever reached here. */
function classIndex(colour: number): number {
  return Number.isInteger(colour) && colour >= 0 && colour <= 15 ? colour : 7
}
