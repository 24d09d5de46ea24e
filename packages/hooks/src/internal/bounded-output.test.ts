import { describe, expect, it } from 'vitest'
import { BoundedOutput } from './bounded-output.js'

describe('BoundedOutput', () => {
  it('keeps the first bytes up to its limit and counts every byte', () => {
    const output = new BoundedOutput(5)
    output.push(Buffer.from('abc'))
    expect(output.truncated).toBe(false)
    output.push(Buffer.from('defg'))
    output.push(Buffer.from('hij'))
    expect(output.text()).toBe('abcde')
    expect(output.seenBytes).toBe(10)
    expect(output.truncated).toBe(true)
  })

  it('cuts a character at the limit into U+FFFD', () => {
    const output = new BoundedOutput(2)
    output.push(Buffer.from('aé'))
    expect(output.text()).toBe('a\uFFFD')
  })
})
