import { HarnessError } from '@toolpipe/core'

/** The codes of {@link PermissionsError}. */
export type PermissionsErrorCode =
  /** `permissions(options)` was given options it cannot use: the message names the option. */
  | 'INVALID_OPTIONS'
  /** The plugin was installed in a second registry while still installed in one. */
  | 'ALREADY_INSTALLED'

/**
 * What `permissions(options)` throws for options it cannot use (naming the option and why), and
 * what installing one plugin in two registries at once throws.
 */
export class PermissionsError extends HarnessError<PermissionsErrorCode> {
  override readonly name = 'PermissionsError'
}
