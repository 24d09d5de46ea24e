import { describe, expect, it } from 'vitest'
import { createToolRegistry } from '@toolpipe/tools'
import { call, plainTool } from '../../__fixtures__/harness.js'
import { readOptions } from '../read-options.js'
import { PermissionsRuntime } from './permissions-runtime.js'

function runtime(mode?: 'plan') {
  return new PermissionsRuntime(
    readOptions({
      projectRoot: '/nonexistent/project',
      sources: [{ kind: 'cli', settings: { permissions: { deny: ['deploy'] } } }],
      logger: { warn: () => undefined },
      ...(mode === undefined ? {} : { mode }),
    }),
  )
}

describe('PermissionsRuntime', () => {
  it('explains once the parser is loaded, with the rules read from every source', async () => {
    const judged = await runtime().explain(call('deploy'))
    expect(judged).toMatchObject({
      decision: 'deny',
      reason: 'denied by rule "deploy" in cli settings',
    })
  })

  it('is installed in one registry at a time, hiding what the rules hide until uninstalled', () => {
    const plugin = runtime()
    const registry = createToolRegistry()
    registry.register(plainTool('deploy'))
    plugin.install(registry)
    expect(registry.get('deploy')).toBeUndefined()
    expect(() => {
      plugin.install(createToolRegistry())
    }).toThrow(
      expect.objectContaining({
        name: 'PermissionsError',
        code: 'ALREADY_INSTALLED',
      }) as Error,
    )
    plugin.uninstall()
    expect(registry.get('deploy')).toBeDefined()
  })

  it('gives the mode in force for the calls it judges', () => {
    const plugin = runtime('plan')
    expect(plugin.mode()).toBe('plan')
    expect(plugin.modeFor({ id: 'anyone' })).toBe('plan')
  })
})
