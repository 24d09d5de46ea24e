import { describe, expect, it } from 'vitest'
import { isCancellation, isTerminalFailure } from './restate-failures.js'

/** An error shaped as the SDK's: its class name and its numeric code. */
function sdkError(name: string, code: unknown): Error {
  return Object.assign(Object.defineProperty(new Error('x'), 'name', { value: name }), { code })
}

describe('isCancellation', () => {
  it('recognises the SDK’s CancelledError by its name and code 409, from any copy of the SDK', () => {
    expect(isCancellation(sdkError('CancelledError', 409))).toBe(true)
    expect(isCancellation(sdkError('CancelledError', 500))).toBe(false)
    expect(isCancellation(sdkError('TerminalError', 409))).toBe(false)
    expect(isCancellation({ name: 'CancelledError', code: 409 })).toBe(false)
  })
})

describe('isTerminalFailure', () => {
  it('recognises a TerminalError and its subclasses, with a numeric code', () => {
    for (const name of ['TerminalError', 'CancelledError', 'TimeoutError']) {
      expect(isTerminalFailure(sdkError(name, 500))).toBe(true)
    }
    expect(isTerminalFailure(sdkError('TerminalError', '500'))).toBe(false)
    expect(isTerminalFailure(sdkError('RetryableError', 500))).toBe(false)
    expect(isTerminalFailure(new Error('plain'))).toBe(false)
    expect(isTerminalFailure(undefined)).toBe(false)
  })
})
