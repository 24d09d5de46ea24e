import type { PreToolDecision } from './tool-decisions.js'

/** The promise a `tools/pre-execute` `next()` last gave for a decision it had at once. */
let settledPromise: Promise<PreToolDecision> | undefined
let settledValue: PreToolDecision | undefined

/**
 * What a `tools/pre-execute` listener's `next()` promise resolves to, when the listeners inside
 * it (and the default `allow`) decided without waiting for anything (a listener that passes on
 * its own `next()`'s promise of such a decision waits for nothing either): a listener that has the
 * decision can make its own synchronously, and the call then waits for no promise of its. Call
 * it right after `next()`; `undefined` means the decision is not known yet: await the promise.
 *
 * ```ts
 * registry.on('tools/pre-execute', (exec, next) => {
 *   const pending = next()
 *   const inner = settledDecision(pending)
 *   return inner === undefined ? pending.then((d) => decide(exec, d)) : decide(exec, inner)
 * })
 * ```
 *
 * Only the promise `next()` gave last is known (a promise and a frozen decision are held until the
 * next call's).
 */
export function settledDecision(promise: Promise<PreToolDecision>): PreToolDecision | undefined {
  return promise === settledPromise ? settledValue : undefined
}

/** The pipeline's side: `next()` gave `promise`, already resolved to `decision`. */
export function rememberSettledDecision(
  promise: Promise<PreToolDecision>,
  decision: PreToolDecision,
): void {
  settledPromise = promise
  settledValue = decision
}
