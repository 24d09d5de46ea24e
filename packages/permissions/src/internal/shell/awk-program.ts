import { readAwkProgram } from './awk-tokens.js'
import type { AwkToken } from './awk-tokens.js'

/**
 * What an awk program does that no rule sees (SPEC §26): `system(…)` and pipes (`print | "cmd"`,
 * `"cmd" | getline`, gawk's `|&`) run commands; `print > "file"` writes one; gawk's `@load`,
 * `@include` and indirect calls pick code at run time. Read by a tokenizer of the awk language
 * as each awk reads it (awk-tokens.ts): where awks read a `/` differently (a regex after `print`,
 * a division after a name; gawk and mawk disagree after `length`, `++` or an `if (…)`), every
 * reading is scanned and what any of them finds counts. Anything it cannot read is reported,
 * never assumed harmless.
 */
export interface AwkFindings {
  readonly hidingConstructs: string[]
  /** The literal strings given to `system(…)`, for deny rules. */
  readonly commands: string[]
}

/** Scans an awk program text. */
export function scanAwkProgram(program: string): AwkFindings {
  const readings = readAwkProgram(program)
  if (typeof readings === 'string') {
    return { hidingConstructs: [`an awk program it cannot read (${readings})`], commands: [] }
  }
  const found: AwkFindings = { hidingConstructs: [], commands: [] }
  const shapes = new Set<string>()
  for (const tokens of readings) {
    const reading = scanTokens(tokens)
    shapes.add(JSON.stringify(reading))
    for (const reason of reading.hidingConstructs) {
      if (!found.hidingConstructs.includes(reason)) found.hidingConstructs.push(reason)
    }
    for (const command of reading.commands) {
      if (!found.commands.includes(command)) found.commands.push(command)
    }
  }
  if (shapes.size > 1) {
    found.hidingConstructs.push('an awk program whose slashes awks read differently')
  }
  return found
}

/** What one reading's tokens do. */
function scanTokens(tokens: readonly AwkToken[]): AwkFindings {
  const found: AwkFindings = { hidingConstructs: [], commands: [] }
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
