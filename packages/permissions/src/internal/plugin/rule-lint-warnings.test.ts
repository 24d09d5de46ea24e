import { describe, expect, it } from 'vitest'
import { createToolRegistry } from '@toolpipe/tools'
import { plainTool } from '../../__fixtures__/harness.js'
import { ruleSetOf } from '../../__fixtures__/rule-sets.js'
import { PluginLogger } from './plugin-logger.js'
import { RuleLintWarnings } from './rule-lint-warnings.js'
import { ToolViews } from './tool-views.js'

const nothingHidden = { hides: () => false, signature: '' }

describe('RuleLintWarnings', () => {
  it('warns each message once for as long as the plugin lives, across installations', () => {
    const warned: string[] = []
    const logger = new PluginLogger({ warn: (message) => warned.push(message) })
    const registry = createToolRegistry()
    registry.register(plainTool('deploy'))
    const rules = ruleSetOf({ allow: ['Nope'] })
    const lint = new RuleLintWarnings()
    const views = new ToolViews(new Map())
    lint.lint(registry, undefined, views, rules, nothingHidden, logger)
    lint.reset()
    expect(lint.linted).toBe(false)
    lint.lint(registry, undefined, views, rules, nothingHidden, logger)
    expect(lint.linted).toBe(true)
    expect(warned).toEqual([
      'toolpipe: cli settings permissions.allow[0] "Nope": no tool is named "Nope"; it matches nothing until one is',
    ])
  })

  it('counts as run before it is installed, and says nothing until it is', () => {
    const warned: string[] = []
    const lint = new RuleLintWarnings()
    lint.lint(
      undefined,
      undefined,
      new ToolViews(new Map()),
      ruleSetOf({ allow: ['Nope'] }),
      nothingHidden,
      new PluginLogger({ warn: (message) => warned.push(message) }),
    )
    expect(lint.linted).toBe(true)
    expect(warned).toEqual([])
  })
})
