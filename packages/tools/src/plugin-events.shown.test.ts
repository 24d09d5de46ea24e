import { describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { recordingLogger, tool } from './__fixtures__/tools.js'
import type { ShownValueFilter } from './provided-values.js'
import { createToolRegistry } from './tool-registry.js'

// SPEC §25: what a person may be shown passes the `tools/shown` filters — a plugin event's
// payload too (a hook's `systemMessage`, told to `tools/hook-message` observers, may quote what
// the tool printed, secrets included).

declare module './tool-events.js' {
  interface ToolPluginEventMap {
    'test/shown': { readonly message: string }
  }
}

const hide: ShownValueFilter = (value) =>
  JSON.parse(JSON.stringify(value).replaceAll('hunter2', '[hidden]')) as typeof value

function notifying(message: string) {
  const logger = recordingLogger()
  const warnings = logger.warnings
  const registry = createToolRegistry({ logger })
  registry.register(tool('shell'))
  registry.on('tools/pre-execute', (exec, next) => {
    registry.notify('test/shown', exec, { message })
    return next()
  })
  const heard: unknown[] = []
  registry.on('test/shown', (_exec, payload) => void heard.push(payload))
  return { registry, heard, warnings }
}

describe('registry.notify and the tools/shown filters (SPEC §25)', () => {
  it('tells the observers the payload as filtered, frozen', async () => {
    const { registry, heard } = notifying('the password is hunter2')
    registry.provide('tools/shown', hide)
    await registry.execute(callInput('shell'))
    expect(heard).toEqual([{ message: 'the password is [hidden]' }])
    expect(Object.isFrozen(heard[0])).toBe(true)
  })

  it('tells nothing, with a warning, when a filter throws or hands back what is not JSON', async () => {
    for (const broken of [
      (() => {
        throw new Error('filter broke')
      }) as ShownValueFilter,
      (() => ({ message: () => 'not JSON' })) as ShownValueFilter,
    ]) {
      const { registry, heard, warnings } = notifying('the password is hunter2')
      registry.provide('tools/shown', broken)
      const result = await registry.execute(callInput('shell'))
      expect(result.isError).toBe(false)
      expect(heard).toEqual([])
      expect(warnings).toHaveLength(1)
      expect(String(warnings[0]?.[0])).toMatch(
        /tools\/shown filter .*test\/shown notification .*not sent/,
      )
    }
  })

  it('without a filter, tells the payload as given', async () => {
    const { registry, heard } = notifying('plain')
    await registry.execute(callInput('shell'))
    expect(heard).toEqual([{ message: 'plain' }])
  })
})
