import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { agent, alice, recordingLogger, tool } from './__fixtures__/tools.js'
import type { ToolExecution } from './tool-execution.js'
import { createToolRegistry } from './tool-registry.js'
import { ToolRegistryError } from './tool-registry-error.js'

/** SPEC §19: observer events a plugin defines, told with `registry.notify`. */

declare module './tool-events.js' {
  interface ToolPluginEventMap {
    'test/message': string
    'test/detail': { readonly lines: string[] }
  }
}

/** A registry whose pre-execute listener notifies `event` with `payload` for each call. */
function notifying(event: string, payload: unknown, options = {}) {
  const registry = createToolRegistry(options)
  registry.register(tool('shell'))
  let thrown: unknown
  registry.on('tools/pre-execute', (exec, next) => {
    try {
      registry.notify(event as 'test/message', exec, payload as string)
    } catch (error) {
      thrown = error
    }
    return next()
  })
  return { registry, thrown: () => thrown }
}

describe('registry.notify and plugin observers', () => {
  it('tells the event’s observers, in order, with the call and a frozen copy of the payload', async () => {
    const payload = { lines: ['a', 'b'] }
    const { registry } = notifying('test/detail', payload)
    const heard: [string, ToolExecution<unknown>, unknown][] = []
    registry.on('test/detail', (exec, detail) => void heard.push(['first', exec, detail]))
    registry.on('test/detail', (exec, detail) => void heard.push(['second', exec, detail]))
    registry.on('test/message', () => void heard.push(['other event', {} as never, undefined]))
    await registry.execute(callInput('shell'))
    expect(heard.map(([who]) => who)).toEqual(['first', 'second'])
    expect(heard[0]![1].name).toBe('shell')
    expect(heard[0]![2]).toEqual(payload)
    expect(heard[0]![2]).not.toBe(payload)
    expect(Object.isFrozen((heard[0]![2] as typeof payload).lines)).toBe(true)
  })

  it('passes over observers of another scope', async () => {
    const { registry } = notifying('test/message', 'hi')
    const mine = vi.fn()
    const theirs = vi.fn()
    registry.on('test/message', mine, { scope: alice })
    registry.on('test/message', theirs, { scope: agent('bob') })
    await registry.execute(callInput('shell', {}, { agent: alice }))
    expect(mine).toHaveBeenCalledTimes(1)
    expect(theirs).not.toHaveBeenCalled()
  })

  it('isolates observers: a throw is logged and the call goes on', async () => {
    const logger = recordingLogger()
    const { registry } = notifying('test/message', 'hi', { logger })
    const after = vi.fn()
    registry.on('test/message', () => {
      throw new Error('broken observer')
    })
    registry.on('test/message', after)
    const result = await registry.execute(callInput('shell'))
    expect(result.isError).toBe(false)
    expect(after).toHaveBeenCalledWith(expect.anything(), 'hi')
    expect(logger.warnings[0]?.[0]).toMatch(
      /^toolpipe: a test\/message observer failed for call "call_\d+" of tool "shell"$/,
    )
  })

  it('a disposed observer hears nothing more', async () => {
    const { registry } = notifying('test/message', 'hi')
    const heard = vi.fn()
    const dispose = registry.on('test/message', heard)
    await registry.execute(callInput('shell'))
    dispose()
    await registry.execute(callInput('shell'))
    expect(heard).toHaveBeenCalledTimes(1)
  })

  it.each([
    ['a built-in event', 'tools/result'],
    ['tools/decision', 'tools/decision'],
    ['an empty name', ''],
    ['a name that is not a string', 5],
  ])('refuses to notify %s (INVALID_EVENT)', async (_label, event) => {
    const { registry, thrown } = notifying(event as string, 'x')
    registry.on('tools/result', vi.fn())
    await registry.execute(callInput('shell'))
    expect(thrown()).toBeInstanceOf(ToolRegistryError)
    expect(thrown()).toMatchObject({ code: 'INVALID_EVENT' })
  })

  it('refuses a payload that is not JSON when someone listens', async () => {
    const { registry, thrown } = notifying('test/message', { at: new Date() })
    registry.on('test/message', vi.fn())
    await registry.execute(callInput('shell'))
    expect(thrown()).toMatchObject({ code: 'INVALID_EVENT' })
    expect((thrown() as Error).message).toMatch(
      /^the payload of a test\/message notification must be JSON data, got /,
    )
  })
})
