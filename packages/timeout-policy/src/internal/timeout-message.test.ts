import { describe, expect, it } from 'vitest'
import { timeoutMessage } from './timeout-message.js'

describe('timeoutMessage', () => {
  it('says after how long, and whether progress had stopped', () => {
    expect(timeoutMessage(200, false)).toBe('tool call timed out after 200ms')
    expect(timeoutMessage(100, true)).toBe('tool call timed out after 100ms without progress')
  })
})
