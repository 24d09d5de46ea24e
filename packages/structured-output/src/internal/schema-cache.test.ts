import { describe, expect, it } from 'vitest'
import { OutputSchemaError } from '../output-schema-error.js'
import { compileAndCache, compiledSchemaOf } from './schema-cache.js'

const schema = { type: 'object', properties: { a: { type: 'string' } } }

describe('the compiled-schema cache', () => {
  it('compiles a schema on first use and hands the same compiled form back after', () => {
    const own = structuredClone(schema)
    const compiled = compiledSchemaOf(own)
    expect(compiledSchemaOf(own)).toBe(compiled)
    expect(compiled.validator.isValid({ a: 'x' })).toBe(true)
    expect(compiled.validator.isValid({ a: 1 })).toBe(false)
  })

  it('compiles afresh when asked to, and forgets a schema that no longer reads', () => {
    const own: Record<string, unknown> = structuredClone(schema)
    const first = compiledSchemaOf(own)
    own.type = 'nothing'
    expect(() => compileAndCache(own)).toThrow(OutputSchemaError)
    own.type = 'object'
    expect(compiledSchemaOf(own)).not.toBe(first)
  })

  it('hands back the last schema used at once, and each schema its own form when they alternate', () => {
    const one = structuredClone(schema)
    const other = { type: 'object', properties: { a: { type: 'number' } } }
    const compiledOne = compiledSchemaOf(one)
    const compiledOther = compiledSchemaOf(other)
    for (let round = 0; round < 3; round++) {
      expect(compiledSchemaOf(one)).toBe(compiledOne)
      expect(compiledSchemaOf(one)).toBe(compiledOne)
      expect(compiledSchemaOf(other)).toBe(compiledOther)
    }
    expect(compiledOther.validator.isValid({ a: 1 })).toBe(true)
  })

  it('forgets the last schema used when it is compiled again: afresh, or refused', () => {
    const own: Record<string, unknown> = structuredClone(schema)
    const first = compiledSchemaOf(own)
    own.properties = { a: { type: 'number' } }
    const second = compileAndCache(own)
    expect(second).not.toBe(first)
    expect(compiledSchemaOf(own)).toBe(second)
    expect(compiledSchemaOf(own).validator.isValid({ a: 1 })).toBe(true)
    own.type = 'nothing'
    expect(() => compileAndCache(own)).toThrow(OutputSchemaError)
    own.type = 'object'
    const third = compiledSchemaOf(own)
    expect(third).not.toBe(second)
  })
})
