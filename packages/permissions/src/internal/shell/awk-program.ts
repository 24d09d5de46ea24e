import { awkRegexEnd } from './regex-literals.js'

/**
 * What an awk program does that no rule sees (SPEC §26): `system(…)` and pipes (`print | "cmd"`,
 * `"cmd" | getline`, gawk's `|&`) run commands; `print > "file"` writes one; gawk's `@load`,
 * `@include` and indirect calls pick code at run time. Read by a tokenizer of the awk language
 * (POSIX awk, "Lexical Conventions": strings, regex literals where an operand may start, comments):
 * where a `/` could divide or start a regex, it is read as dividing, so the regex's text is
 * scanned too — the cautious reading. A regex ends where gawk, mawk and the one-true-awk all end
 * it (a `/` inside a bracket expression, `/[/]"/`, does not end it for some: see
 * regex-literals.ts). Anything it cannot read is reported, never assumed harmless.
 */
export interface AwkFindings {
  readonly hidingConstructs: string[]
  /** The literal strings given to `system(…)`, for deny rules. */
  readonly commands: string[]
}

interface Token {
  readonly kind: 'string' | 'regex' | 'word' | 'number' | 'operator'
  readonly text: string
}

const twoCharOperators = new Set([
  ...['||', '&&', '|&', '>>', '++', '--', '==', '!=', '<=', '>=', '+=', '-=', '*=', '/='],
  ...['%=', '^=', '**'],
])

/** Scans an awk program text. */
export function scanAwkProgram(program: string): AwkFindings {
  const found: AwkFindings = { hidingConstructs: [], commands: [] }
  const tokens = tokenize(program)
  if (typeof tokens === 'string') {
    found.hidingConstructs.push(`an awk program it cannot read (${tokens})`)
    return found
  }
  const say = (reason: string) => {
    if (!found.hidingConstructs.includes(reason)) found.hidingConstructs.push(reason)
  }
  let inPrint = false
  let depth = 0
  tokens.forEach((token, index) => {
    const { kind, text } = token
    if (kind === 'word') {
      if (text === 'system') {
        say("awk's system(), which runs a command")
        const argument = tokens[index + 2]
        if (tokens[index + 1]?.text === '(' && argument?.kind === 'string') {
          found.commands.push(argument.text)
        }
      }
      if (text === 'print' || text === 'printf') inPrint = true
      return
    }
    if (kind !== 'operator') return
    if (text === '|' || text === '|&') say('an awk pipe, which runs a command')
    else if (text === '@')
      say("gawk's @ directives and indirect calls, which pick code at run time")
    else if ((text === '>' || text === '>>') && inPrint && depth === 0) {
      say('an awk output redirection, which writes a file')
    } else if (text === '(') depth++
    else if (text === ')') depth = Math.max(0, depth - 1)
    else if (text === ';' || text === '\n' || text === '{' || text === '}') {
      inPrint = false
      depth = 0
    }
  })
  return found
}

/** The program's tokens, or what makes it unreadable. */
function tokenize(program: string): Token[] | string {
  const tokens: Token[] = []
  let index = 0
  while (index < program.length) {
    const char = program.charAt(index)
    if (char === ' ' || char === '\t' || char === '\r') {
      index++
    } else if (char === '\\' && program.charAt(index + 1) === '\n') {
      index += 2
    } else if (char === '#') {
      while (index < program.length && program.charAt(index) !== '\n') index++
    } else if (char === '"' || (char === '/' && startsOperand(tokens.at(-1)))) {
      const end = char === '"' ? endOfQuoted(program, index, char) : endOfRegex(program, index)
      if (typeof end === 'string') return end
      if (end < 0) return 'an unterminated string'
      const body = program.slice(index + 1, end - 1)
      tokens.push({ kind: char === '"' ? 'string' : 'regex', text: unescape(body) })
      index = end
    } else {
      const rest = program.slice(index, index + 64)
      const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest)?.[0]
      const number = /^(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?/.exec(rest)?.[0]
      const pair = program.slice(index, index + 2)
      const text = word ?? number ?? (twoCharOperators.has(pair) ? pair : char)
      tokens.push({ kind: word ? 'word' : number ? 'number' : 'operator', text })
      index += text.length
    }
  }
  return tokens
}

/** Whether a `/` after this token starts a regex (an operand may start here). */
function startsOperand(previous: Token | undefined): boolean {
  if (previous === undefined) return true
  if (previous.kind !== 'operator') return false
  return ![')', ']', '$', '++', '--'].includes(previous.text)
}

/** The index after a `"…"` string or `/…/` regex starting at `start`, or -1 if unterminated. */
function endOfQuoted(program: string, start: number, quote: string): number {
  for (let index = start + 1; index < program.length; index++) {
    const char = program.charAt(index)
    if (char === '\\') {
      index++
      continue
    }
    if (char === '\n') return -1
    if (char === quote) return index + 1
  }
  return -1
}

/** The index after a `/…/` regex starting at `start`, or why it cannot be read. */
function endOfRegex(program: string, start: number): number | string {
  const end = awkRegexEnd(program, start + 1)
  if (end === 'ambiguous') return 'a regex whose bracket expression awks end differently'
  return end === 'unterminated' ? 'an unterminated regex' : end
}

function unescape(text: string): string {
  return text.replace(/\\(.)/g, (_, char: string) =>
    char === 'n' ? '\n' : char === 't' ? '\t' : char,
  )
}
