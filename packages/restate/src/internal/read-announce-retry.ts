import type { RunOptions } from '@restatedev/restate-sdk'
import { describeValue } from '@toolpipe/core/internal'

/**
 * How often, and for how long, Restate retries an `announce` that throws (the retry options of
 * `ctx.run`). When they run out, the call's approval is `unavailable`. Durations are
 * milliseconds or a Restate `Duration`.
 */
export type AnnounceRetryPolicy = Pick<
  RunOptions<void>,
  | 'maxRetryAttempts'
  | 'maxRetryDuration'
  | 'initialRetryInterval'
  | 'maxRetryInterval'
  | 'retryIntervalFactor'
>

const durations = ['maxRetryDuration', 'initialRetryInterval', 'maxRetryInterval'] as const

/**
 * A fresh copy of the policy's known members, checked; an `Error` saying what is wrong instead.
 * Never throws.
 */
export function readAnnounceRetry(policy: unknown): AnnounceRetryPolicy | Error {
  if (policy === undefined) return {}
  if (typeof policy !== 'object' || policy === null) {
    return new Error(`options.announceRetry must be an object, got ${describeValue(policy)}`)
  }
  const source = policy as Record<string, unknown>
  const copy: Record<string, unknown> = {}
  const attempts = source.maxRetryAttempts
  if (attempts !== undefined) {
    if (typeof attempts !== 'number' || !Number.isInteger(attempts) || attempts < 1) {
      return new Error(
        `options.announceRetry.maxRetryAttempts must be an integer ≥ 1, got ${describeValue(attempts)}`,
      )
    }
    copy.maxRetryAttempts = attempts
  }
  const factor = source.retryIntervalFactor
  if (factor !== undefined) {
    if (typeof factor !== 'number' || !Number.isFinite(factor) || factor < 1) {
      return new Error(
        `options.announceRetry.retryIntervalFactor must be a finite number ≥ 1, got ${describeValue(factor)}`,
      )
    }
    copy.retryIntervalFactor = factor
  }
  for (const member of durations) {
    const value = source[member]
    if (value === undefined) continue
    const isMillis = typeof value === 'number' && Number.isFinite(value) && value >= 0
    const isDuration = typeof value === 'object' && value !== null
    if (!isMillis && !isDuration) {
      return new Error(
        `options.announceRetry.${member} must be a number of milliseconds ≥ 0 or a Restate Duration, got ${describeValue(value)}`,
      )
    }
    copy[member] = value
  }
  return copy
}
