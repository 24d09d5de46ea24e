import { describe, expect, it } from 'vitest'
import { readAnnounceRetry } from './read-announce-retry.js'

describe('readAnnounceRetry', () => {
  it('reads nothing as no retry options, and copies the known members only', () => {
    expect(readAnnounceRetry(undefined)).toEqual({})
    const duration = { seconds: 5 }
    const policy = {
      maxRetryAttempts: 3,
      retryIntervalFactor: 1.5,
      initialRetryInterval: 100,
      maxRetryInterval: duration,
      maxRetryDuration: 0,
      unknown: true,
    }
    const copy = readAnnounceRetry(policy)
    expect(copy).toEqual({
      maxRetryAttempts: 3,
      retryIntervalFactor: 1.5,
      initialRetryInterval: 100,
      maxRetryInterval: duration,
      maxRetryDuration: 0,
    })
    expect(copy).not.toBe(policy)
  })

  it.each([
    ['yes', 'options.announceRetry must be an object, got "yes"'],
    [
      { maxRetryAttempts: 0 },
      'options.announceRetry.maxRetryAttempts must be an integer ≥ 1, got 0',
    ],
    [
      { retryIntervalFactor: 0.5 },
      'options.announceRetry.retryIntervalFactor must be a finite number ≥ 1, got 0.5',
    ],
    [
      { initialRetryInterval: -1 },
      'options.announceRetry.initialRetryInterval must be a number of milliseconds ≥ 0 or a Restate Duration, got -1',
    ],
  ])('answers %j with an Error saying what is wrong, never throwing', (policy, message) => {
    const read = readAnnounceRetry(policy)
    expect(read).toBeInstanceOf(Error)
    expect((read as Error).message).toBe(message)
  })
})
