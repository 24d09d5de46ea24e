import { HarnessError } from '@toolpipe/core'

/**
 * Thrown synchronously by `outputBudget()` given options it cannot use (code `INVALID_OPTIONS`):
 * a programming error in the integrator's code. The message names the option, as a path such as
 * `preview.headTokens`, and what it got: `outputBudget: <option> must be …, got …`.
 */
export class OutputBudgetError extends HarnessError<'INVALID_OPTIONS'> {
  override readonly name = 'OutputBudgetError'

  constructor(message: string, options?: ErrorOptions) {
    super(message, 'INVALID_OPTIONS', options)
  }
}
