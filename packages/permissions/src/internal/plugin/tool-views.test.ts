import { plainTool } from '../../__fixtures__/harness.js'
import { createToolRegistry } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { ToolViews } from './tool-views.js'

describe('ToolViews', () => {
  it('sees a registered tool through the options first, once per definition', () => {
    const registry = createToolRegistry()
    registry.register(plainTool('run', { annotations: { readOnly: true } }))
    const views = new ToolViews(new Map([['run', { ruleName: 'Bash' }]]))
    const view = views.of(registry, 'run', undefined)
    expect(view).toMatchObject({ ruleName: 'Bash', readOnly: true })
    expect(views.of(registry, 'run', undefined)).toBe(view)
    expect(views.of(undefined, 'run', undefined)).toMatchObject({
      ruleName: 'Bash',
      readOnly: false,
    })
    expect(views.of(registry, 'missing', undefined).ruleName).toBe('missing')
  })

  it('lists every tool the rules may name: registered ones, and those only the options describe', () => {
    const registry = createToolRegistry()
    registry.register(plainTool('status'))
    const bob = { id: 'bob' }
    registry.register(plainTool('deploy'), { scope: bob })
    const views = new ToolViews(new Map([['shell', { ruleName: 'Bash' }]]))
    expect(views.all(registry, undefined).map((view) => view.ruleName)).toEqual(['status', 'Bash'])
    expect(views.all(registry, bob).map((view) => view.ruleName)).toEqual([
      'status',
      'deploy',
      'Bash',
    ])
  })

  it('gives each definition its own view while calls alternate, and a new one to a replacement', () => {
    const registry = createToolRegistry()
    registry.register(plainTool('run', { annotations: { readOnly: true } }))
    registry.register(plainTool('edit'))
    const views = new ToolViews(new Map())
    const run = views.of(registry, 'run', undefined)
    const edit = views.of(registry, 'edit', undefined)
    expect(run).toMatchObject({ ruleName: 'run', readOnly: true })
    expect(edit).toMatchObject({ ruleName: 'edit', readOnly: false })
    expect(views.of(registry, 'run', undefined)).toBe(run)
    expect(views.of(registry, 'edit', undefined)).toBe(edit)
    // bob's own `edit` shadows the shared one for bob: a definition of its own, a view of its own.
    const bob = { id: 'bob' }
    registry.register(plainTool('edit'), { scope: bob })
    const bobs = views.of(registry, 'edit', bob)
    expect(bobs).not.toBe(edit)
    expect(views.of(registry, 'edit', undefined)).toBe(edit)
  })
})
