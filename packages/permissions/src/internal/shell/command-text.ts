/**
 * How a simple command is spelled for matching: its words, unquoted as the shell would, joined by
 * {@link separator}; a part whose value is unknown before it runs (an expansion, a glob, a
 * substitution) is {@link unknown}. Neither character can appear in a word: the shell drops NUL,
 * and a literal \u0001 is read as unknown.
 */
export const separator = '\u0000'
/** A stretch of unknown text, possibly empty, possibly several words. */
export const unknown = '\u0001'
/** In a rule's pattern: any characters (spaces included). */
export const anything = '\u0002'

export const separatorCode = 0
export const unknownCode = 1
export const anythingCode = 2

/** One word of a command: its matching spelling, and its literal value when fully known. */
export interface CommandWord {
  readonly text: string
  /** Undefined when some part of the word is known only when the shell runs it. */
  readonly literal: string | undefined
  /**
   * A word bash brace-expands (`x{a,b}`, unknown as a whole): its spelling before the
   * expansion, quotes removed and other unknown parts unknown, for readers that look inside.
   */
  readonly braces?: string
}

/** A word made of literal text. */
export function literalWord(value: string): CommandWord {
  return { text: escapeLiteral(value), literal: value }
}

/** A word whose value is unknown. */
export const unknownWord: CommandWord = Object.freeze({ text: unknown, literal: undefined })

/** Literal text with any of the reserved characters read as unknown. */
export function escapeLiteral(value: string): string {
  for (let index = 0; index < value.length; index++) {
    if (value.charCodeAt(index) <= anythingCode) {
      let out = ''
      for (let at = 0; at < value.length; at++) {
        out += value.charCodeAt(at) <= anythingCode ? unknown : value.charAt(at)
      }
      return out
    }
  }
  return value
}

/** The matching spelling of a word list. */
export function joinWords(words: readonly CommandWord[]): string {
  let out = ''
  for (let index = 0; index < words.length; index++) {
    if (index > 0) out += separator
    out += words[index]?.text ?? ''
  }
  return out
}

/** A matching spelling as people read it: words joined by spaces, unknown parts as `…`. */
export function displayText(text: string): string {
  let out = ''
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    out += code === separatorCode ? ' ' : code === unknownCode ? '…' : text.charAt(index)
  }
  return out
}

/** How long a command is shown in reasons and explanations before it is cut. */
export const shownLength = 200

/**
 * A command as reasons and explanations show it: {@link displayText}, cut after
 * {@link shownLength} characters (a line of nested substitutions holds thousands of commands,
 * each nearly as long as the line: showing them whole would cost the square of its length).
 */
export function shownCommand(text: string): string {
  const cut = text.length > shownLength ? text.slice(0, shownLength) : text
  return displayText(cut) + (cut.length < text.length ? `…(${text.length} characters)` : '')
}
