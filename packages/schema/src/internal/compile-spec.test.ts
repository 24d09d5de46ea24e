import { describe, expect, it } from 'vitest'
import { SchemaSpecError } from '../schema-spec-error.js'
import { compiledSpec } from './compile-spec.js'

describe('compiledSpec', () => {
  it('hands back the last spec used at once, and each spec its own form when they alternate', () => {
    const one = { path: { type: 'string', required: true } } as const
    const other = { count: { type: 'number', required: true } } as const
    const compiledOne = compiledSpec(one)
    const compiledOther = compiledSpec(other)
    for (let round = 0; round < 3; round++) {
      expect(compiledSpec(one)).toBe(compiledOne)
      expect(compiledSpec(one)).toBe(compiledOne)
      expect(compiledSpec(other)).toBe(compiledOther)
    }
    expect(compiledOne.validator.isValid({ path: 'a' })).toBe(true)
    expect(compiledOther.validator.isValid({ path: 'a' })).toBe(false)
  })

  it('still refuses an invalid spec after a valid one was used', () => {
    compiledSpec({ path: { type: 'string' } })
    expect(() => compiledSpec({ path: { type: 'text' } })).toThrow(SchemaSpecError)
    expect(() => compiledSpec('not a spec')).toThrow(SchemaSpecError)
  })
})
