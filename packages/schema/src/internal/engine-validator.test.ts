import { defaultBackEnd } from '@toolpipe/structured-output/internal'
import { describe, expect, it } from 'vitest'
import { engineValidator } from './engine-validator.js'

describe('engineValidator', () => {
  it('runs generated code where new Function works, and the closures in the CSP run', () => {
    // vitest.csp.config.ts runs every test of this package again with code generation refused.
    const refused = process.execArgv.includes('--disallow-code-generation-from-strings')
    expect(defaultBackEnd()).toBe(refused ? 'closures' : 'generated')
    const validator = engineValidator({ type: 'object', properties: { a: { type: 'string' } } })
    expect([validator.isValid({ a: 'x' }), validator.isValid({ a: 1 })]).toEqual([true, false])
  })

  it('compiles a schema of the subset in the args dialect: any non-array object is an object', () => {
    const validator = engineValidator({ type: 'object', properties: { a: { type: 'string' } } })
    expect(validator.isValid({ a: 'x' })).toBe(true)
    expect(validator.isValid({ a: 1 })).toBe(false)
    class Args {
      readonly a = 'x'
    }
    expect(validator.isValid(new Args())).toBe(true)
  })

  it('takes any node as the root (a prop, an anyOf member)', () => {
    expect(engineValidator({ type: 'string' }).isValid('x')).toBe(true)
    expect(engineValidator({ anyOf: [{ type: 'string' }, { type: 'integer' }] }).isValid(2)).toBe(
      true,
    )
  })

  it('throws a plain Error naming the violations for a schema outside the subset (a bug in its writer)', () => {
    const schema = { type: 'object', properties: { a: { type: 'text' }, b: { minimum: 1 } } }
    expect(() => engineValidator(schema)).toThrow(
      new Error(
        '@toolpipe/schema: the engine refused a schema written from a checked spec: ' +
          'schema.properties.a: "type" "text" is unknown; use one of object, array, string, number, integer, boolean, null; ' +
          'schema.properties.b: "type" is missing (one of object, array, string, number, integer, boolean, null)',
      ),
    )
  })
})
