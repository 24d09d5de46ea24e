import { describe, expect, it } from 'vitest'
import { tool } from '../__fixtures__/tools.js'
import { DerivedNormalizers } from './derived-normalizers.js'

const parameters = {
  type: 'object' as const,
  properties: { path: { type: 'string' }, head: { type: 'number' } },
  required: ['path'],
}

describe('DerivedNormalizers', () => {
  it('reads the null→absent step from a definition’s parameters, once per definition', () => {
    const normalizers = new DerivedNormalizers()
    const definition = tool('read', undefined, { parameters })
    const normalize = normalizers.of(definition)
    expect(normalize({ path: 'a', head: null })).toEqual({ path: 'a' })
    expect(normalizers.of(definition)).toBe(normalize)
    expect(normalizers.of(tool('other', undefined, { parameters }))).not.toBe(normalize)
  })

  it('copies the parameters when first used: a change afterwards changes nothing', () => {
    const normalizers = new DerivedNormalizers()
    const mutable = structuredClone(parameters)
    const normalize = normalizers.of(tool('read', undefined, { parameters: mutable }))
    mutable.required = []
    expect(normalize({ path: null })).toEqual({ path: null })
  })

  it('leaves the arguments as they are when the parameters are not JSON', () => {
    const normalizers = new DerivedNormalizers()
    const definition = tool('read', undefined, { parameters: new Map() as never })
    const args = { path: null }
    expect(normalizers.of(definition)(args)).toBe(args)
  })
})
