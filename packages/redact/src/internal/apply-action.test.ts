import { describe, expect, it } from 'vitest'
import { applyAction } from './apply-action.js'

const at = (text: string, value: string, ruleId = 'github') => {
  const start = text.indexOf(value)
  return { ruleId, start, end: start + value.length, line: 1 }
}

describe('applyAction', () => {
  const key = 'ghp_0123456789abcdefghijABCDEFGHIJ0123'
  const text = `token=${key} done`

  it('redacts: the value becomes [REDACTED:<rule id>]', () => {
    expect(applyAction(text, [at(text, key)], 'redact')).toBe('token=[REDACTED:github] done')
  })

  it('masks: the first and last 4 characters stay', () => {
    expect(applyAction(text, [at(text, key)], 'mask')).toBe(
      `token=ghp_${'*'.repeat(key.length - 8)}0123 done`,
    )
  })

  it('masks a value of 8 characters or fewer whole: keeping eight would show it', () => {
    const short = 'x=hunter2!'
    expect(applyAction(short, [at(short, 'hunter2!')], 'mask')).toBe(`x=${'*'.repeat(8)}`)
  })

  it('keeps the first and last 4 of any longer value, as the SPEC says (12 characters: 4 hidden)', () => {
    const pin = 'pin=pin-12345678;'
    expect(applyAction(pin, [at(pin, 'pin-12345678')], 'mask')).toBe('pin=pin-****5678;')
    const nine = 'k=abcdefghi'
    expect(applyAction(nine, [at(nine, 'abcdefghi')], 'mask')).toBe('k=abcd*fghi')
  })

  it('replaces overlapping findings as one span, named by the first', () => {
    const both = 'AAAABBBBCCCC'
    const findings = [
      { ruleId: 'one', start: 0, end: 8, line: 1 },
      { ruleId: 'two', start: 4, end: 12, line: 1 },
    ]
    expect(applyAction(both, findings, 'redact')).toBe('[REDACTED:one]')
  })

  it('leaves a text without findings as it is', () => {
    expect(applyAction(text, [], 'redact')).toBe(text)
  })
})
