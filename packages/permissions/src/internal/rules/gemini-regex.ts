import { isSafePattern } from 'redos-detector'

/**
 * A Gemini rule's regex field (`argsPattern`, `commandRegex`) compiled after `prefix` (Gemini CLI
 * tests `commandRegex` after `"command":"`), or what is wrong with it; undefined when absent.
 */
export function compileGeminiRegex(
  value: unknown,
  field: string,
  prefix: string,
): RegExp | undefined | string {
  if (value === undefined) return undefined
  if (typeof value !== 'string') return `${field} must be a string`
  try {
    return new RegExp(prefix + value)
  } catch (error) {
    return `${field} is not a valid regular expression: ${(error as Error).message}`
  }
}

/**
 * Whether a regex cannot backtrack catastrophically: with at most one quantifier it cannot (no
 * two ways to split a match); otherwise redos-detector decides (about 10–30 ms a pattern, once
 * per load), and a pattern it cannot decide in time is unsafe.
 */
export function isSafeRegex(pattern: RegExp): boolean {
  if (quantifiers(pattern.source) <= 1) return true
  try {
    return isSafePattern(pattern.source, { timeout: 100 }).safe
  } catch {
    return false
  }
}

/** The quantifiers of a regex source (`*`, `+`, `?`, `{n,m}` outside classes and escapes). */
function quantifiers(source: string): number {
  let count = 0
  let inClass = false
  for (let index = 0; index < source.length; index++) {
    const char = source.charAt(index)
    if (char === '\\') index++
    else if (inClass) inClass = char !== ']'
    else if (char === '[') inClass = true
    else if (char === '*' || char === '+' || char === '{') count++
    else if (char === '?' && source.charAt(index - 1) !== '(') count++
  }
  return count
}

/** What to say about a kept rule's regexes (SPEC §26): a `^` anchor, a regex never run. */
export function regexWarnings(
  commandRegex: unknown,
  unsafeRegex: boolean,
  decision: 'allow' | 'ask' | 'deny',
): string[] {
  const warnings: string[] = []
  if (typeof commandRegex === 'string' && commandRegex.startsWith('^')) {
    warnings.push(
      'commandRegex starts with ^, which never matches: the regex is tested against the arguments\' JSON after "command":" (as Gemini CLI does)',
    )
  }
  if (unsafeRegex && decision !== 'allow') {
    warnings.push(
      'its regex can backtrack catastrophically, so it is not run: every call it could be about asks instead',
    )
  }
  return warnings
}
