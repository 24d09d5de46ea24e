/*
 * The Restate SDK ships an ESM and a CommonJS build. A CommonJS service loads the CommonJS one,
 * while this package (ESM) would load the ESM one, and `instanceof` against this package's copy
 * of the SDK's classes would miss the errors the service's copy throws. So this package imports
 * no SDK code at all, and recognises its failures by what they are: the SDK rejects a promise
 * with `CancelledError` (code 409) when the invocation is cancelled, and with a `TerminalError`
 * when a journaled failure completes it (an exhausted `ctx.run`, a rejected awakeable).
 */

/** The SDK's `CancelledError`: the invocation was cancelled while the handler awaited this. */
export function isCancellation(error: unknown): boolean {
  return error instanceof Error && error.name === 'CancelledError' && codeOf(error) === 409
}

/** A `TerminalError` of the SDK (or one of its subclasses): a failure Restate does not retry. */
export function isTerminalFailure(error: unknown): boolean {
  return (
    error instanceof Error &&
    ['TerminalError', 'CancelledError', 'TimeoutError'].includes(error.name) &&
    typeof codeOf(error) === 'number'
  )
}

function codeOf(error: Error): unknown {
  return (error as { code?: unknown }).code
}
