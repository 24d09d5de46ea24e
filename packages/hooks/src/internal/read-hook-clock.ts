import { describeThrown, describeType, describeValue } from '@toolpipe/core/internal'
import type { HookClock } from '../hook-clock.js'

/**
 * The `clock` option: absent, or an object with `setTimeout` and `clearTimeout` methods (kept
 * whole: they are called as its methods). What is wrong with it, as a message after the option's
 * name, otherwise.
 */
export function readHookClock(value: unknown): { clock: HookClock | undefined } | string {
  if (value === undefined) return { clock: undefined }
  const got = typeof value === 'string' ? describeValue(value) : describeType(value)
  const wanted = `must be an object with setTimeout and clearTimeout methods, got ${got}`
  if (typeof value !== 'object' || value === null) return wanted
  try {
    const { setTimeout, clearTimeout } = value as Partial<Record<keyof HookClock, unknown>>
    if (typeof setTimeout !== 'function' || typeof clearTimeout !== 'function') return wanted
  } catch (error) {
    return `could not be read: ${describeThrown(error)}`
  }
  return { clock: value as HookClock }
}
