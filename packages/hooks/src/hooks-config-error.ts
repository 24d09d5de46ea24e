import { HarnessError } from '@toolpipe/core'

/** One thing wrong in a hooks configuration: where (a JSON path) and what. */
export interface HooksConfigIssue {
  /** From the configuration's root, e.g. `$.hooks.PreToolUse[0].hooks[1].timeout`. */
  readonly path: string
  readonly message: string
}

/** The codes of {@link HooksConfigError}. */
export type HooksConfigErrorCode =
  /**
   * A hooks configuration (`hooks`, `sources`) it cannot run; `issues` lists every problem with
   * its JSON path. The deprecated two-argument form reports its options' problems this way too.
   */
  | 'INVALID_HOOKS_CONFIG'
  /**
   * An option of `commandHooks(options)` it cannot use (STYLE habit 18): the message names it,
   * `commandHooks: dialect must be "claude", "gemini", got "codex"`; `issues` is empty.
   */
  | 'INVALID_OPTIONS'

/**
 * `commandHooks(options)` was given something it cannot run: a matcher that is not a regular
 * expression, a hook without a command, a timeout that is not a positive number, a source of an
 * unknown kind (`INVALID_HOOKS_CONFIG`, every issue listed with its JSON path), or an option it
 * cannot use (`INVALID_OPTIONS`). (A settings file with such entries is not an error of the
 * call: its bad entries are reported through the registry's logger and skipped.)
 */
export class HooksConfigError extends HarnessError<HooksConfigErrorCode> {
  override readonly name = 'HooksConfigError'
  /** Every issue found, in document order (none for `INVALID_OPTIONS`). */
  readonly issues: readonly HooksConfigIssue[]

  /**
   * @param problem - the issues of a hooks configuration (`INVALID_HOOKS_CONFIG`), or the message
   * that names an option it cannot use (`INVALID_OPTIONS`)
   */
  constructor(problem: readonly HooksConfigIssue[] | string) {
    const issues = typeof problem === 'string' ? [] : problem
    super(
      typeof problem === 'string'
        ? problem
        : `commandHooks: invalid configuration: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`,
      typeof problem === 'string' ? 'INVALID_OPTIONS' : 'INVALID_HOOKS_CONFIG',
    )
    this.issues = Object.freeze(issues.map((issue) => Object.freeze({ ...issue })))
  }
}
