import { describe, expect, it } from 'vitest'
import { timeoutMessage } from './timeout-message.js'

describe('timeoutMessage (SPEC §7: `tool call timed out after <ms>ms`)', () => {
  it('says after how long, in the SPEC’s words and no others', () => {
    expect(timeoutMessage(200)).toBe('tool call timed out after 200ms')
    expect(timeoutMessage(100)).toBe('tool call timed out after 100ms')
  })
})
