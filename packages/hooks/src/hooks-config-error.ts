import { HarnessError } from '@toolpipe/core'

/** One thing wrong in a hooks configuration: where (a JSON path) and what. */
export interface HooksConfigIssue {
  /** From the configuration's root, e.g. `$.hooks.PreToolUse[0].hooks[1].timeout`. */
  readonly path: string
  readonly message: string
}

/**
 * `commandHooks(config)` was given a configuration it cannot run: a matcher that is not a
 * regular expression, a hook without a command, a timeout that is not a positive number, a
 * source of an unknown kind, an unknown option. Every issue is listed, each with its JSON path.
 * (A settings file with such entries is not an error of the call: its bad entries are reported
 * through the registry's logger and skipped.)
 */
export class HooksConfigError extends HarnessError<'INVALID_HOOKS_CONFIG'> {
  override readonly name = 'HooksConfigError'
  /** Every issue found, in document order. */
  readonly issues: readonly HooksConfigIssue[]

  constructor(issues: readonly HooksConfigIssue[]) {
    super(
      `commandHooks: invalid configuration: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`,
      'INVALID_HOOKS_CONFIG',
    )
    this.issues = Object.freeze(issues.map((issue) => Object.freeze({ ...issue })))
  }
}
