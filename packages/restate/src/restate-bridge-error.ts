import { HarnessError } from '@toolpipe/core'

/** Why the Restate bridge refused something: the stable part of a {@link RestateBridgeError}. */
export type RestateBridgeErrorCode =
  /** A Restate context or options that cannot be used: a programming error, thrown synchronously. */
  | 'INVALID_OPTIONS'
  /** `answerApproval` could not deliver the answer: the ingress was unreachable or refused it. */
  | 'ANSWER_FAILED'

/**
 * Thrown by `@toolpipe/restate`. `INVALID_OPTIONS` is thrown synchronously by
 * `restateToolExecution` and `restateApproval`; `ANSWER_FAILED` rejects `answerApproval`, with
 * the HTTP status (when there was a response) in `status` and the failure in `cause`.
 */
export class RestateBridgeError extends HarnessError<RestateBridgeErrorCode> {
  override readonly name = 'RestateBridgeError'
  /** The ingress's HTTP status, for an `ANSWER_FAILED` that got a response. */
  readonly status: number | undefined

  /**
   * @param message - what went wrong and where
   * @param code - the stable code
   * @param options - `cause`, and the HTTP `status` of a refused answer
   */
  constructor(
    message: string,
    code: RestateBridgeErrorCode,
    options?: ErrorOptions & { readonly status?: number | undefined },
  ) {
    super(message, code, options)
    this.status = options?.status
  }
}
