import { asCallId } from '@toolpipe/core'
import { describe, expect, it } from 'vitest'
import { tool } from '../__fixtures__/tools.js'
import { ExecutionRecord } from './execution-record.js'
import type { Pipeline } from './pipeline.js'

/**
 * The pipeline-owned execution: a settable `signal` until the call settles, a `reportProgress`
 * that must be called as a method, and private fields that double as an unforgeable brand.
 */

function record(): ExecutionRecord {
  // The pipeline is only reached by progress reports, which these tests do not make.
  return new ExecutionRecord(
    {
      callId: asCallId('call_1'),
      name: 'read',
      arguments: {},
      agent: undefined,
      parent: undefined,
      signal: undefined,
    },
    {} as Pipeline,
  )
}

function typeError(fn: () => void): TypeError {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(TypeError)
    return error as TypeError
  }
  throw new Error('expected a TypeError')
}

describe('ExecutionRecord', () => {
  it('takes an AbortSignal or undefined for signal until the call settles, then refuses any change', () => {
    const exec = record()
    const signal = new AbortController().signal
    exec.signal = signal
    expect(exec.signal).toBe(signal)
    exec.signal = undefined
    expect(exec.signal).toBeUndefined()
    expect(
      typeError(() => {
        exec.signal = { aborted: false } as AbortSignal
      }).message,
    ).toBe('exec.signal must be an AbortSignal or undefined')
    ExecutionRecord.settle(exec)
    expect(
      typeError(() => {
        exec.signal = signal
      }).message,
    ).toBe('exec.signal cannot change after the call has settled')
  })

  it('refuses reportProgress called on anything but a record', () => {
    const exec = record()
    for (const target of [{}, null, undefined]) {
      expect(
        typeError(() => {
          exec.reportProgress.call(target as never, { progress: 1 })
        }).message,
      ).toBe('call reportProgress as a method of the execution: exec.reportProgress(update)')
    }
  })

  it('keeps no output accepted after the call settled', () => {
    const exec = record()
    ExecutionRecord.accept(exec, 'first')
    expect(ExecutionRecord.accepted(exec)).toEqual({ value: 'first' })
    ExecutionRecord.settle(exec)
    ExecutionRecord.accept(exec, 'late')
    expect(ExecutionRecord.accepted(exec)).toEqual({ value: 'first' })
  })

  it('answers undefined, never throwing, for anything that is not a genuine record', () => {
    const definition = tool('read')
    for (const value of [null, undefined, 'exec', 1, {}, { callId: 'call_1' }]) {
      expect(ExecutionRecord.accepted(value)).toBeUndefined()
      expect(ExecutionRecord.checkedTool(value)).toBeUndefined()
    }
    const exec = record()
    expect(ExecutionRecord.accepted(exec)).toBeUndefined()
    expect(ExecutionRecord.checkedTool(exec)).toBeUndefined()
    ExecutionRecord.recordCheck(exec, definition)
    expect(ExecutionRecord.checkedTool(exec)).toBe(definition)
  })
})
