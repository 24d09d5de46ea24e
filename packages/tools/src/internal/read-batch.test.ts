import { describe, expect, it } from 'vitest'
import { readBatch } from './read-batch.js'

/** SPEC §12.4: `executeBatch(inputs, { signal?, maxConcurrency? })`, each part read once. */

describe('readBatch', () => {
  it('takes maxConcurrency 1 (one call at a time), and 8 by default', () => {
    expect(readBatch([], { maxConcurrency: 1 })).toMatchObject({
      limit: 1,
      invalidOptions: undefined,
    })
    expect(readBatch([], undefined)).toMatchObject({ limit: 8, invalidOptions: undefined })
    expect(readBatch([], {})).toMatchObject({ limit: 8, invalidOptions: undefined })
  })

  it('names every mistake in the options, and keeps neither their signal nor their limit', () => {
    const signal = new AbortController().signal
    const reading = readBatch([], { signal, maxConcurrency: 0 })
    expect(reading).toMatchObject({ signal: undefined, limit: 8 })
    expect(reading.problem).toBeUndefined()
    const both = readBatch([], { signal: 'stop', maxConcurrency: 1.5 })
    expect('invalidOptions' in both && both.invalidOptions?.message).toBe(
      'invalid batch options: signal must be an AbortSignal, got "stop"; maxConcurrency must be a positive integer, got 1.5',
    )
    expect(both).toMatchObject({ signal: undefined, limit: 8 })
  })

  it('refuses options that are null or not an object, or cannot be read', () => {
    const message = (options: unknown) => {
      const reading = readBatch([], options)
      return 'invalidOptions' in reading ? reading.invalidOptions?.message : undefined
    }
    expect(message(null)).toBe('invalid batch options: options must be an object, got null')
    expect(message(4)).toBe('invalid batch options: options must be an object, got 4')
    const hostile = {
      get signal(): unknown {
        throw new Error('boom')
      },
    }
    expect(message(hostile)).toBe('invalid batch options: options could not be read: boom')
  })
})
