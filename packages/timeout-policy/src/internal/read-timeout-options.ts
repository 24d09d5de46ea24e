import { describeValue, readOptionMember, readPluginOptions } from '@toolpipe/core/internal'
import type { PluginOptionsReader } from '@toolpipe/core/internal'
import type { TimeoutClock } from '../timeout-clock.js'
import { TimeoutPolicyError } from '../timeout-policy-error.js'
import { maxTimerMs } from './max-timer-ms.js'

/** The options of `timeoutPolicy`, read and checked once, when the policy is made. */
export interface TimeoutSettings {
  /**
   * The clock given, its two functions read once and called on it, or `undefined` for the global
   * timers as they are when a call starts.
   */
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
    clock: readClock(read),
    graceMs: readGraceMs(read),
    maxTotalMs: readMaxTotalMs(read),
  }
}

/**
 * `clock`: any object with the two functions, a class instance (a fake clock) as much as a
 * literal. Each is read once, here (a getter or Proxy trap that throws is refused like a wrong
 * value), and called on the clock as a method, so nothing the clock does later changes what was
 * checked. A clock that is not one is refused now: one that could not arm a timer would turn
 * every deadline off with a warning at each call (SPEC §7 types both members).
 */
function readClock(read: PluginOptionsReader): TimeoutClock | undefined {
  const clock = read.value('clock')
  if (clock === undefined) return undefined
  if ((typeof clock !== 'object' && typeof clock !== 'function') || clock === null) {
    return read.fail(
      'clock',
      `must be an object with setTimeout and clearTimeout functions, got ${describeValue(clock)}`,
    )
  }
  const set = clockFunction(clock, 'setTimeout')
  const clear = clockFunction(clock, 'clearTimeout')
  return {
    setTimeout: (callback, ms) => Reflect.apply(set, clock, [callback, ms]) as unknown,
    clearTimeout(handle) {
      Reflect.apply(clear, clock, [handle])
    },
  }
}

/** `clock[name]`, read once: a function, or a `TimeoutPolicyError` naming `clock.<name>`. */
function clockFunction(
  clock: object,
  name: 'setTimeout' | 'clearTimeout',
): (...args: never[]) => unknown {
  const refuse = (message: string, cause?: unknown): never => {
    throw new TimeoutPolicyError(
      `timeoutPolicy: clock.${name} ${message}`,
      'INVALID_OPTIONS',
      cause === undefined ? undefined : { cause },
    )
  }
  const member = readOptionMember(clock, name, refuse)
  if (typeof member === 'function') return member as (...args: never[]) => unknown
  return refuse(`must be a function, got ${describeValue(member)}`)
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
