import { describe, expect, it } from 'vitest'
import { ToolRegistryError } from '../tool-registry-error.js'
import { admits, compileRestriction, smallestAllowList } from './compiled-restriction.js'

const globals = new Map([
  ['read', {}],
  ['write', {}],
  ['shell', {}],
])

describe('compileRestriction', () => {
  it('copies the lists into sets, so a later change of the caller’s arrays changes nothing', () => {
    const allow = ['read', 'write']
    const compiled = compileRestriction({ allow, deny: ['write'] }, globals)
    allow.push('shell')
    expect(compiled.allow).toEqual(new Set(['read', 'write']))
    expect(compiled.deny).toEqual(new Set(['write']))
    expect(compileRestriction({ deny: ['shell'] }, globals).allow).toBeUndefined()
  })

  it.each([
    [null, 'a restriction must be { allow?, deny? }'],
    [{}, 'a restriction needs an allow list, a deny list, or both; {} restricts nothing'],
    [{ allow: 'read' }, 'restriction.allow must be an array of tool names'],
    [{ deny: [1] }, 'restriction.deny must be an array of tool names'],
    [
      { allow: ['read', 'grep'] },
      'a restriction can only name registered global tools; unknown: "grep"; registered: "read", "write", "shell"',
    ],
  ])('refuses %j as INVALID_RESTRICTION', (restriction, message) => {
    expect(() => compileRestriction(restriction, globals)).toThrow(
      new ToolRegistryError(message, 'INVALID_RESTRICTION'),
    )
    expect(() => compileRestriction(restriction, globals)).toThrow(ToolRegistryError)
  })

  it('says "(none)" when no global tool is registered', () => {
    expect(() => compileRestriction({ deny: ['read'] }, new Map())).toThrow(
      'a restriction can only name registered global tools; unknown: "read"; registered: (none)',
    )
  })
})

describe('admits', () => {
  it('admits a name every restriction admits: in each allow list, in no deny list', () => {
    const restrictions = [
      compileRestriction({ allow: ['read', 'write'] }, globals),
      compileRestriction({ deny: ['write'] }, globals),
    ]
    expect(admits(restrictions, 'read')).toBe(true)
    expect(admits(restrictions, 'write')).toBe(false)
    expect(admits(restrictions, 'shell')).toBe(false)
    expect(admits([], 'shell')).toBe(true)
  })
})

describe('smallestAllowList', () => {
  it('picks the shortest allow list, and none without one', () => {
    const short = compileRestriction({ allow: ['read'] }, globals)
    const long = compileRestriction({ allow: ['read', 'write', 'shell'] }, globals)
    const denyOnly = compileRestriction({ deny: ['shell'] }, globals)
    expect(smallestAllowList([long, denyOnly, short])).toBe(short.allow)
    expect(smallestAllowList([short, long])).toBe(short.allow)
    expect(smallestAllowList([denyOnly])).toBeUndefined()
  })
})
