import { describeValue, readPluginOptions } from '@toolpipe/core/internal'
import type { PluginOptionsReader } from '@toolpipe/core/internal'
import type { TimeoutClock } from '../timeout-clock.js'
import { TimeoutPolicyError } from '../timeout-policy-error.js'
import { maxTimerMs } from './max-timer-ms.js'

/** The options of `timeoutPolicy`, read and checked once, when the policy is made. */
export interface TimeoutSettings {
  /** The clock given, or `undefined` for the global timers as they are when a call starts. */
  readonly clock: TimeoutClock | undefined
  readonly graceMs: number | undefined
  /** `extendOnProgress.maxTotalMs`, or `undefined` without `extendOnProgress`. */
  readonly maxTotalMs: number | undefined
}

/**
 * Reads `timeoutPolicy`'s options through the family's one reader: a bad option throws a
 * {@link TimeoutPolicyError} (`INVALID_OPTIONS`) naming it, before anything is installed.
 */
export function readTimeoutOptions(options: unknown): TimeoutSettings {
  const read = readPluginOptions(
    'timeoutPolicy',
    options,
    (message) => new TimeoutPolicyError(message, 'INVALID_OPTIONS'),
  )
  return {
    // Any object with the two methods: a class instance (a fake clock) as much as a literal.
    clock: read.value('clock') as TimeoutClock | undefined,
    graceMs: readGraceMs(read),
    maxTotalMs: readMaxTotalMs(read),
  }
}

function readGraceMs(read: PluginOptionsReader): number | undefined {
  const graceMs = read.value('graceMs')
  if (graceMs === undefined) return undefined
  if (typeof graceMs === 'number' && graceMs >= 0 && graceMs <= maxTimerMs) return graceMs
  return read.fail(
    'graceMs',
    `must be a number of milliseconds ≥ 0 and no larger than ${maxTimerMs}, got ${describeValue(graceMs)}`,
  )
}

/** `extendOnProgress`: its `maxTotalMs`, or `undefined` without it. */
function readMaxTotalMs(read: PluginOptionsReader): number | undefined {
  const extendOnProgress = read.value('extendOnProgress')
  if (extendOnProgress === undefined) return undefined
  const maxTotalMs: unknown =
    typeof extendOnProgress === 'object' && extendOnProgress !== null
      ? (extendOnProgress as { maxTotalMs?: unknown }).maxTotalMs
      : undefined
  if (typeof maxTotalMs === 'number' && maxTotalMs > 0 && maxTotalMs <= maxTimerMs) {
    return maxTotalMs
  }
  return read.fail(
    'extendOnProgress',
    `must be { maxTotalMs } with a positive number of milliseconds no larger than ${maxTimerMs}, got ${describeValue(extendOnProgress)}`,
  )
}
