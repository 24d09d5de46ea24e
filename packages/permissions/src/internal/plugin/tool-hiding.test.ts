import { describe, expect, it } from 'vitest'
import { createToolRegistry } from '@toolpipe/tools'
import { plainTool } from '../../__fixtures__/harness.js'
import { ruleSetOf } from '../../__fixtures__/rule-sets.js'
import { ToolHiding } from './tool-hiding.js'

function registryWith(...names: string[]) {
  const registry = createToolRegistry()
  for (const name of names) registry.register(plainTool(name))
  return registry
}

describe('ToolHiding', () => {
  it('hides in the registry the tools a bare deny names, by their rule names', () => {
    const registry = registryWith('deploy', 'run', 'status')
    const hiding = new ToolHiding(new Map([['run', { ruleName: 'Bash' }]]), undefined)
    hiding.update(ruleSetOf({ deny: ['deploy', 'Bash'] }), 'default', undefined)
    hiding.install(registry)
    expect(registry.list().map((tool) => tool.name)).toEqual(['status'])
    expect(hiding.hiddenTools.hides('deploy')).toBe(true)
  })

  it('shows a tool again when the rules stop hiding it, and everything once uninstalled', () => {
    const registry = registryWith('deploy', 'status')
    const hiding = new ToolHiding(new Map(), undefined)
    hiding.update(ruleSetOf({ deny: ['deploy'] }), 'default', undefined)
    hiding.install(registry)
    hiding.update(ruleSetOf({ deny: ['status'] }), 'default', registry)
    expect(registry.list().map((tool) => tool.name)).toEqual(['deploy'])
    hiding.uninstall()
    expect(registry.list().map((tool) => tool.name)).toEqual(['deploy', 'status'])
  })

  it('hides from the scope’s view only when bound to one', () => {
    const registry = registryWith('deploy')
    const bob = { id: 'bob' }
    const hiding = new ToolHiding(new Map(), bob)
    hiding.update(ruleSetOf({ deny: ['deploy'] }), 'default', undefined)
    hiding.install(registry)
    expect(registry.get('deploy', bob)).toBeUndefined()
    expect(registry.get('deploy', { id: 'alice' })).toBeDefined()
  })
})
