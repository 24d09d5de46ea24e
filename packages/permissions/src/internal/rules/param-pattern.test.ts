import { describe, expect, it } from 'vitest'
import { compileParamPattern, matchesParam } from './param-pattern.js'

describe('Name(param:value) rules', () => {
  it('compiles param:value, `*` a wildcard; anything else is not a parameter rule', () => {
    expect(compileParamPattern('env:prod')).toEqual({ param: 'env', value: 'prod' })
    expect(compileParamPattern('env:pr*')).toEqual({ param: 'env', value: 'pr\u0002' })
    expect(compileParamPattern('a b:c')).toBeUndefined()
    expect(compileParamPattern('nocolon')).toBeUndefined()
  })

  it('matches a top-level scalar argument as text; never an object or an absent one', () => {
    const prod = { param: 'env', value: 'prod' }
    expect(matchesParam(prod, { env: 'prod' })).toBe(true)
    expect(matchesParam({ param: 'env', value: 'pr\u0002' }, { env: 'preview' })).toBe(true)
    expect(matchesParam({ param: 'n', value: '5' }, { n: 5 })).toBe(true)
    expect(matchesParam(prod, { env: { name: 'prod' } })).toBe(false)
    expect(matchesParam(prod, {})).toBe(false)
    expect(matchesParam(prod, ['prod'])).toBe(false)
    // `null` is a scalar (SPEC §18.1): a deny `plain(mode:*)` sees a `mode` sent as null.
    expect(matchesParam({ param: 'mode', value: '\u0002' }, { mode: null })).toBe(true)
    expect(matchesParam({ param: 'mode', value: 'null' }, { mode: null })).toBe(true)
    expect(matchesParam({ param: 'mode', value: 'prod' }, { mode: null })).toBe(false)
  })
})
