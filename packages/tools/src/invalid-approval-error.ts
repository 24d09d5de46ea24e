import { HarnessError } from '@toolpipe/core'

/**
 * The approval service answered with something that is not an approval outcome (an unknown
 * `kind`, a non-object, an outcome whose fields cannot be read). The call does not run.
 */
export class InvalidApprovalError extends HarnessError<'INVALID_APPROVAL'> {
  override readonly name = 'InvalidApprovalError'

  constructor(message: string, options?: ErrorOptions) {
    super(message, 'INVALID_APPROVAL', options)
  }
}
