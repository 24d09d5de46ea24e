import { describe, expect, it } from 'vitest'
import { isKnownProgram } from './known-programs.js'

describe('isKnownProgram', () => {
  it('knows programs that leave their words alone and those the judge reads', () => {
    expect(isKnownProgram('grep')).toBe(true)
    expect(isKnownProgram('sudo')).toBe(true)
    expect(isKnownProgram('eval')).toBe(true)
    expect(isKnownProgram('bash')).toBe(true)
    expect(isKnownProgram('sed')).toBe(true)
  })

  it('knows no other program: its later words may name a command it runs', () => {
    expect(isKnownProgram('mytool')).toBe(false)
    expect(isKnownProgram('strace')).toBe(false)
  })
})
