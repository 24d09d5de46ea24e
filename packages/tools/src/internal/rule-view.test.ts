import { describe, expect, it } from 'vitest'
import { createToolRegistry } from '../tool-registry.js'
import { tool } from '../__fixtures__/tools.js'
import { ruleViewOf, visibleRuleView } from './rule-view.js'

const page = tool('open_page', undefined, { permissions: { ruleName: 'WebFetch' } })

describe('ruleViewOf', () => {
  it('names a tool by its rules’ ruleName, else by the name the call used', () => {
    expect(ruleViewOf('open_page', page)).toEqual({
      definition: page,
      rules: page.permissions,
      ruleName: 'WebFetch',
    })
    expect(ruleViewOf('lookup', undefined)).toEqual({
      definition: undefined,
      rules: undefined,
      ruleName: 'lookup',
    })
  })

  it('judges by rules a policy gives for the tool over the definition’s own', () => {
    const given = { ruleName: 'Fetch' }
    expect(ruleViewOf('open_page', page, given)).toEqual({
      definition: page,
      rules: given,
      ruleName: 'Fetch',
    })
  })

  it('falls back to the call’s name for a rule name that is empty or not a string', () => {
    expect(ruleViewOf('x', undefined, { ruleName: '' }).ruleName).toBe('x')
    expect(ruleViewOf('x', undefined, { ruleName: 7 as never }).ruleName).toBe('x')
  })
})

describe('visibleRuleView', () => {
  it('reads the definition visible to the call’s agent', () => {
    const registry = createToolRegistry()
    const agent = { id: 'a' }
    registry.scope(agent).register(page)
    expect(visibleRuleView(registry, 'open_page', agent).ruleName).toBe('WebFetch')
    expect(visibleRuleView(registry, 'open_page', undefined)).toEqual({
      definition: undefined,
      rules: undefined,
      ruleName: 'open_page',
    })
  })

  it('sees a registry or definition that cannot be read by the call’s name alone', () => {
    const throwing = {
      get: () => {
        throw new Error('registry gone')
      },
    }
    expect(visibleRuleView(throwing, 'open_page', undefined)).toEqual({
      definition: undefined,
      rules: undefined,
      ruleName: 'open_page',
    })
    const hostile = {
      ...page,
      get permissions(): never {
        throw new Error('no rules for you')
      },
    }
    expect(visibleRuleView({ get: () => hostile }, 'open_page', undefined).ruleName).toBe(
      'open_page',
    )
  })
})
