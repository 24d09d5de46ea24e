import { HarnessError } from '@toolpipe/core'

/** The codes of {@link PermissionsError}. */
export type PermissionsErrorCode =
  /** `permissions(options)` was given options it cannot use: the message names the option. */
  'INVALID_OPTIONS'

/** What `permissions(options)` throws for options it cannot use, naming the option and why. */
export class PermissionsError extends HarnessError {
  override readonly name = 'PermissionsError'
  declare readonly code: PermissionsErrorCode

  constructor(message: string, code: PermissionsErrorCode, options?: ErrorOptions) {
    super(message, code, options)
  }
}
