import { sedRegexEnd } from './regex-literals.js'

/**
 * What a GNU sed script does that no rule sees (SPEC §26): the `e` command and the `s///e` flag
 * run commands; `w`, `W` and `s///w` write files. Read by a small scanner of sed's grammar (GNU
 * sed manual, "sed scripts"; a regex ends where sed ends it, past a delimiter inside a bracket
 * expression): a script it cannot read is reported too, never assumed harmless.
 */
export interface SedFindings {
  /** Why the script hides a command or an edit; empty when it does neither. */
  readonly hidingConstructs: string[]
  /** The command lines `e command` names, for deny rules. */
  readonly commands: string[]
}

const simpleCommands = new Set('=dDgGhHlnNpPxzFqQL'.split(''))

/** Scans a sed script (the text of `-e` or the script operand). */
export function scanSedScript(script: string): SedFindings {
  const found: SedFindings = { hidingConstructs: [], commands: [] }
  const scanner = new Scanner(script)
  try {
    while (scanner.skipSeparators()) {
      scanner.readAddresses()
      scanner.command(found)
    }
  } catch (error) {
    if (!(error instanceof Unreadable)) throw error
    found.hidingConstructs.push(`a sed script it cannot read (${error.message})`)
  }
  return found
}

class Unreadable extends Error {}

class Scanner {
  index = 0
  constructor(private readonly text: string) {}

  private peek(): string {
    return this.text.charAt(this.index)
  }

  private fail(what: string): never {
    throw new Unreadable(`${what} at character ${this.index + 1}`)
  }

  /** Skips blanks, `;` and newlines (and `}` closing a block); false at the end. */
  skipSeparators(): boolean {
    while (this.index < this.text.length && ' \t\n;}'.includes(this.peek())) this.index++
    return this.index < this.text.length
  }

  private skipBlanks(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.index++
  }

  readAddresses(): void {
    if (this.address()) {
      this.skipBlanks()
      if (this.peek() === ',') {
        this.index++
        this.skipBlanks()
        if (this.peek() === '+' || this.peek() === '~') this.index++
        if (!this.address()) this.fail('a second address expected')
      }
    }
    this.skipBlanks()
    while (this.peek() === '!') {
      this.index++
      this.skipBlanks()
    }
  }

  private address(): boolean {
    const char = this.peek()
    if (char >= '0' && char <= '9') {
      while (/[0-9~]/.test(this.peek())) this.index++
      return true
    }
    if (char === '$') {
      this.index++
      return true
    }
    if (char === '/' || char === '\\') {
      if (char === '\\') this.index++
      const delimiter = this.peek()
      if (delimiter === '' || delimiter === '\n' || delimiter === '\\') this.fail('a bad delimiter')
      this.index++
      this.regex(delimiter)
      while (this.peek() === 'I' || this.peek() === 'M') this.index++
      return true
    }
    return false
  }

  /**
   * Skips a regex to after its closing `delimiter` — which a bracket expression hides (`[/]`) —
   * where every sed this knows ends it (see regex-literals.ts); where they differ it cannot read.
   */
  private regex(delimiter: string): void {
    const end = sedRegexEnd(this.text, this.index, delimiter)
    if (end === 'ambiguous') this.fail('a bracket expression seds end differently')
    if (end !== 'unterminated') {
      this.index = end
      return
    }
    // Where the regex runs out: past the end, a newline, or a bracket expression left open.
    this.delimited(delimiter)
    this.fail('an unterminated bracket expression')
  }

  /** Skips to after the next unescaped `delimiter` (a replacement, `y`'s lists: no brackets). */
  private delimited(delimiter: string): void {
    while (this.index < this.text.length) {
      const char = this.peek()
      if (char === '\\') {
        this.index += 2
        continue
      }
      this.index++
      if (char === delimiter) return
      if (char === '\n' && delimiter !== '\n') this.fail('a newline inside a regex')
    }
    this.fail(`an unterminated ${delimiter}`)
  }

  /**
   * The rest of the line (a file name, text): to a newline. A label stops sooner, at a blank, `;`
   * or `}` (GNU sed 4.9 ends `:a;e cmd`'s label at the `;` and runs `e cmd`): what follows is read
   * as commands, the cautious reading either way.
   */
  private restOfLine(label: boolean): string {
    const start = this.index
    if (label) this.skipBlanks()
    while (this.index < this.text.length && this.peek() !== '\n') {
      if (label && ' \t;}'.includes(this.peek())) break
      this.index++
    }
    return this.text.slice(start, this.index)
  }

  command(found: SedFindings): void {
    const command = this.peek()
    this.index++
    if (command === '{' || command === '#') {
      if (command === '#') this.restOfLine(false)
      return
    }
    if (simpleCommands.has(command)) {
      // `q`, `Q`, `l` and `L` may take a number.
      this.skipBlanks()
      while (/[0-9]/.test(this.peek())) this.index++
      return
    }
    switch (command) {
      case ':':
      case 'b':
      case 't':
      case 'T':
      case 'v':
        this.restOfLine(true)
        return
      case 'a':
      case 'i':
      case 'c':
        this.text_()
        return
      case 'r':
      case 'R':
        this.restOfLine(false)
        return
      case 'w':
      case 'W':
        this.restOfLine(false)
        found.hidingConstructs.push(`sed's ${command} command, which writes a file`)
        return
      case 'e': {
        this.skipBlanks()
        const line = this.restOfLine(false)
        found.hidingConstructs.push("sed's e command, which runs a command")
        if (line.trim() !== '') found.commands.push(line)
        return
      }
      case 's':
        this.substitute(found)
        return
      case 'y': {
        const delimiter = this.peek()
        this.index++
        this.delimited(delimiter)
        this.delimited(delimiter)
        return
      }
      default:
        this.fail(`an unknown command ${JSON.stringify(command)}`)
    }
  }

  /** `a text`, `a\` then text lines: to the end of a line without a trailing backslash. */
  private text_(): void {
    while (this.index < this.text.length) {
      const char = this.peek()
      this.index++
      if (char === '\\') this.index++
      else if (char === '\n') return
    }
  }

  private substitute(found: SedFindings): void {
    const delimiter = this.peek()
    if (delimiter === '' || delimiter === '\n' || delimiter === '\\') this.fail('a bad delimiter')
    this.index++
    this.regex(delimiter)
    this.delimited(delimiter)
    for (;;) {
      const flag = this.peek()
      if (flag === 'e') {
        this.index++
        found.hidingConstructs.push("sed's s///e flag, which runs the pattern space as a command")
      } else if (flag === 'w' || flag === 'W') {
        this.index++
        this.restOfLine(false)
        found.hidingConstructs.push("sed's s///w flag, which writes a file")
        return
      } else if (/[gpiImM0-9]/.test(flag) && flag !== '') {
        this.index++
      } else return
    }
  }
}
