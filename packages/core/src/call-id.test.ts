import { describe, expect, it } from 'vitest'
import { asCallId } from './call-id.js'

describe('asCallId', () => {
  it('returns the same string, unchecked', () => {
    expect(asCallId('call_1')).toBe('call_1')
    expect(asCallId('')).toBe('')
  })
})
