import ignore from 'ignore'
import type { Ignore } from 'ignore'
import { maxPathLength } from '../shell/path-word.js'

/**
 * Characters of paths a matcher may remember before it is made afresh: `ignore` keeps every path
 * (and every folder of it) it was asked about, for good, and a session asks about many.
 */
const maxRemembered = 1_000_000

/**
 * One gitignore pattern's matcher, made on first use: most rules of a large file never meet a
 * path, and compiling each at load tripled the time a 1,000-rule file takes to load (issue #44:
 * ≤ 5× `JSON.parse` of it). A pattern too long to compile is refused at load instead (SPEC
 * §18.2: a malformed rule is told at load, not at every decision).
 */
export class GitignoreMatcher {
  readonly #pattern: string
  readonly #ignoreCase: boolean
  #made: Ignore | undefined
  /** Characters of paths (folders included) the matcher was asked about since it was made. */
  #remembered = 0

  private constructor(pattern: string, ignoreCase: boolean) {
    // A leading `#` makes a gitignore line a comment, which matches nothing: a rule's `#` is the
    // name's own (`Read(#secrets/**)` denies `<cwd>/#secrets/…`), so it is escaped.
    this.#pattern = pattern.startsWith('#') ? `\\${pattern}` : pattern
    this.#ignoreCase = ignoreCase
  }

  /**
   * The matcher of `pattern`, or why there is none: a pattern longer than `PATH_MAX`
   * ({@link maxPathLength}) names no path a file can be opened by (`ignore` compiles one of
   * 10,000 characters; of 100 KB, a regular expression V8 refuses as too large). Should a shorter one
   * still fail to compile when first used, `matches` answers undefined (the caller fails closed).
   */
  static compile(pattern: string, ignoreCase: boolean): GitignoreMatcher | string {
    if (pattern.length > maxPathLength) {
      return `its path pattern is longer than any path (${pattern.length} characters, at most ${maxPathLength})`
    }
    return new GitignoreMatcher(pattern, ignoreCase)
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
