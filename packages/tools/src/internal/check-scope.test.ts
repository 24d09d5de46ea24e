import { describe, expect, it } from 'vitest'
import { agent } from '../__fixtures__/tools.js'
import { ToolRegistryError } from '../tool-registry-error.js'
import { checkScope } from './check-scope.js'

describe('checkScope', () => {
  it('hands an agent object back as the scope', () => {
    const alice = agent('alice')
    expect(checkScope(alice, true)).toBe(alice)
    expect(checkScope(alice, false)).toBe(alice)
  })

  it('reads an absent optional scope as the global layer, and refuses an absent required one', () => {
    expect(checkScope(undefined, false)).toBeUndefined()
    expect(() => checkScope(undefined, true)).toThrow(
      new ToolRegistryError('a scope must be an agent object', 'INVALID_SCOPE'),
    )
  })

  it.each([null, 'alice', 1])('refuses %j as INVALID_SCOPE', (scope) => {
    expect(() => checkScope(scope, false)).toThrow(ToolRegistryError)
    expect(() => checkScope(scope, false)).toThrow('a scope must be an agent object')
  })
})
