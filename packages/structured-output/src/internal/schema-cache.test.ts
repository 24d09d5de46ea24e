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
})
