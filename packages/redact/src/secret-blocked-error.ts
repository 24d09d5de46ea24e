import { HarnessError } from '@toolpipe/core'

/** The codes of {@link SecretBlockedError} and of `redactSecrets(options)`'s refusals. */
export type RedactErrorCode =
  /** A result held a secret and the action is `block`: the result is withheld. */
  | 'SECRET_BLOCKED'
  /** `redactSecrets(options)` was given options it cannot use: the message names the option. */
  | 'INVALID_OPTIONS'

/**
 * A result withheld because it held a secret (SPEC §25, action `block`): the message names the
 * rule, the line and the place in the result — never the value. It is also what
 * `redactSecrets(options)` throws for options it cannot use (`INVALID_OPTIONS`).
 */
export class SecretBlockedError extends HarnessError<RedactErrorCode> {
  override readonly name = 'SecretBlockedError'
}
