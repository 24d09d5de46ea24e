import ignore from 'ignore'
import type { Ignore } from 'ignore'

/**
 * Characters of paths a matcher may remember before it is made afresh: `ignore` keeps every path
 * (and every folder of it) it was asked about, for good, and a session asks about many.
 */
const maxRemembered = 1_000_000

/**
 * One gitignore pattern's matcher, made and tried once at load (SPEC §18.2: a pattern that
 * cannot be compiled is a malformed rule, told at load, not at every decision).
 */
export class GitignoreMatcher {
  readonly #pattern: string
  readonly #ignoreCase: boolean
  #made: Ignore | undefined
  /** Characters of paths (folders included) the matcher was asked about since it was made. */
  #remembered = 0

  private constructor(pattern: string, ignoreCase: boolean, made: Ignore) {
    this.#pattern = pattern
    this.#ignoreCase = ignoreCase
    this.#made = made
  }

  /**
   * The matcher of `pattern`, or why there is none: `ignore` builds its regular expression on
   * first use, so it is asked once here — a pattern of 100 KB makes one V8 refuses ("Regular
   * expression too large"), which would otherwise throw at every decision on a path.
   */
  static compile(pattern: string, ignoreCase: boolean): GitignoreMatcher | string {
    try {
      const made = ignore({ ignorecase: ignoreCase }).add(pattern)
      made.ignores('x')
      return new GitignoreMatcher(pattern, ignoreCase, made)
    } catch (error) {
      return `its path pattern cannot be compiled (${complaintOf(error)})`
    }
  }

  /**
   * Whether the pattern matches `inside` as gitignore reads it (a folder the pattern excludes
   * excludes everything in it): each folder of the path asked about first, shortest first, so
   * that `ignore`'s own walk up the folders finds each parent answered and never recurses more
   * than one level (a path of 20,000 folders overflowed it). The work grows with the number of
   * folders times the path's length: callers bound it (`matchingCost` in path-pattern.ts). Undefined, never
   * a throw, should `ignore` fail on a path: the caller fails closed (SPEC §26).
   */
  matches(inside: string): boolean | undefined {
    try {
      const matcher = (this.#made ??= ignore({ ignorecase: this.#ignoreCase }).add(this.#pattern))
      let matched: boolean
      let slash = -1
      do {
        const from = slash + 1
        slash = inside.indexOf('/', from)
        const folder = slash < 0 ? inside : inside.slice(0, slash + 1)
        this.#remembered += folder.length
        matched = matcher.ignores(folder)
      } while (!matched && slash >= 0)
      return matched
    } catch {
      return undefined
    } finally {
      // `ignore` keeps every path it was asked about, for good: past a bound it is made afresh.
      if (this.#remembered > maxRemembered) {
        this.#made = undefined
        this.#remembered = 0
      }
    }
  }
}

/**
 * What a compiler's error says, short: V8's message for a regular expression holds the whole
 * expression (a megabyte for a rule of one), and only its end says what is wrong.
 */
function complaintOf(error: unknown): string {
  const message = error instanceof Error ? error.message : 'it threw'
  const end = message.lastIndexOf(': ')
  const complaint = end < 0 ? message : message.slice(end + 2)
  return complaint.length > 200 ? `${complaint.slice(0, 200)}…` : complaint
}
