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

  it('masks a short value whole', () => {
    const short = 'x=hunter2pass!'
    expect(applyAction(short, [at(short, 'hunter2pass!')], 'mask')).toBe(`x=${'*'.repeat(12)}`)
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
