import { describeThrown, describeType, quoteString } from '@toolpipe/core/internal'
import type { Keywords, Violation } from './read-keywords.js'

/** A `pattern`: its text, and the expression it compiles to. */
export interface Pattern {
  readonly source: string
  readonly expression: RegExp
}

/**
 * Reads `pattern`: a string that compiles as an ECMAScript regular expression with the `u` flag
 * (JSON Schema's dialect; the flag makes `.` and classes work on code points, and refuses
 * escapes that mean nothing). Like JSON Schema's, the pattern is not anchored: `"a"` matches
 * `"cat"`. A pattern that does not compile is refused with the engine's own reason.
 */
export function readPattern(keywords: Keywords, violation: Violation): Pattern | undefined {
  if (!keywords.has('pattern')) return undefined
  const source = keywords.get('pattern')
  if (typeof source !== 'string') {
    violation(`"pattern" must be a string, got ${describeType(source)}`)
    return undefined
  }
  try {
    // Only the `u` flag: without `g` or `y`, `test` keeps no state between calls.
    return { source, expression: new RegExp(source, 'u') }
  } catch (error) {
    violation(
      `"pattern" ${quoteString(source)} is not a valid regular expression with the u flag: ${describeThrown(error)}`,
    )
    return undefined
  }
}
