import type { ToolRegistryPlugin } from '@toolpipe/tools'
import { describe, expectTypeOf, it } from 'vitest'
import type {
  TimeoutClock,
  TimeoutPolicyError,
  TimeoutPolicyOptions,
  TimeoutReason,
  ToolTimeoutError,
} from './index.js'
import { timeoutPolicy } from './index.js'

describe('timeoutPolicy', () => {
  it('is a registry plugin', () => {
    expectTypeOf(timeoutPolicy()).toEqualTypeOf<ToolRegistryPlugin>()
    expectTypeOf(timeoutPolicy).parameter(0).toEqualTypeOf<TimeoutPolicyOptions | undefined>()
  })

  it('accepts Node’s timers and any clock with the same two methods', () => {
    expectTypeOf({ setTimeout, clearTimeout }).toExtend<TimeoutClock>()
    // @ts-expect-error: a clock needs clearTimeout too
    timeoutPolicy({ clock: { setTimeout } })
    // @ts-expect-error: graceMs is a number of milliseconds
    timeoutPolicy({ graceMs: '1s' })
  })

  it('takes extendOnProgress with a maxTotalMs, and nothing else', () => {
    timeoutPolicy({ extendOnProgress: { maxTotalMs: 60_000 } })
    // @ts-expect-error: maxTotalMs is required
    timeoutPolicy({ extendOnProgress: {} })
    // @ts-expect-error: a number of milliseconds
    timeoutPolicy({ extendOnProgress: { maxTotalMs: '1m' } })
    expectTypeOf<TimeoutReason['withoutProgress']>().toBeBoolean()
    expectTypeOf<ToolTimeoutError['withoutProgress']>().toBeBoolean()
    expectTypeOf<TimeoutReason['maxTotalMs']>().toEqualTypeOf<number | undefined>()
    expectTypeOf<ToolTimeoutError['maxTotalMs']>().toEqualTypeOf<number | undefined>()
  })

  it('types the errors’ code and budget', () => {
    expectTypeOf<TimeoutReason['code']>().toEqualTypeOf<'TOOL_TIMEOUT'>()
    expectTypeOf<ToolTimeoutError['code']>().toEqualTypeOf<'TOOL_TIMEOUT'>()
    expectTypeOf<TimeoutReason['timeoutMs']>().toBeNumber()
    expectTypeOf<TimeoutPolicyError['code']>().toEqualTypeOf<'INVALID_OPTIONS'>()
  })
})
