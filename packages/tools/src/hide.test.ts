import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { alice, bob, recordingLogger, tool } from './__fixtures__/tools.js'
import type { ToolDefinition } from './tool-definition.js'
import { createToolRegistry } from './tool-registry.js'
import { ToolRegistryError } from './tool-registry-error.js'

/** SPEC §18.2: `registry.hide(filter, { scope? })`, a visibility filter beside restrictions. */

function registryWith(...names: string[]) {
  const registry = createToolRegistry({ logger: recordingLogger() })
  for (const name of names) registry.register(tool(name))
  return registry
}

const names = (tools: readonly { name: string }[]) => tools.map((definition) => definition.name)

describe('registry.hide', () => {
  it('a global filter hides a tool from get, list, schemas and descriptors of every view', () => {
    const registry = registryWith('read', 'shell')
    registry.register(tool('mine'), { scope: alice })
    registry.hide((name) => name === 'shell' || name === 'mine')
    for (const scope of [undefined, alice, bob]) {
      expect(registry.get('shell', scope)).toBeUndefined()
      expect(names(registry.list(scope))).toEqual(['read'])
      expect(names(registry.schemas(scope))).toEqual(['read'])
      expect(names(registry.descriptors(scope))).toEqual(['read'])
    }
    expect(names(registry.scope(alice).list())).toEqual(['read'])
  })

  it('a call of a hidden tool is UNKNOWN_TOOL and nothing of it runs', async () => {
    const registry = createToolRegistry()
    const body = vi.fn(() => [])
    registry.register(tool('shell', body))
    const listener = vi.fn()
    registry.on('tools/pre-execute', listener)
    registry.hide((name) => name === 'shell')
    const result = await registry.execute(callInput('shell'))
    expect(result).toEqual({
      content: [{ type: 'text', text: 'Error: unknown tool "shell"' }],
      isError: true,
      error: { name: 'ToolNotFoundError', code: 'UNKNOWN_TOOL' },
    })
    expect(body).not.toHaveBeenCalled()
    expect(listener).not.toHaveBeenCalled()
  })

  it('a scoped filter hides only from that scope', () => {
    const registry = registryWith('read', 'shell')
    registry.hide((name) => name === 'shell', { scope: alice })
    expect(registry.get('shell', alice)).toBeUndefined()
    expect(registry.get('shell', bob)?.name).toBe('shell')
    expect(registry.get('shell')?.name).toBe('shell')
  })

  it('tells the filter the name, the view and the definition', () => {
    const registry = registryWith('shell')
    const filter = vi.fn<(...args: [string, unknown, ToolDefinition]) => boolean>(() => false)
    registry.hide(filter)
    registry.get('shell', alice)
    expect(filter).toHaveBeenCalledWith('shell', alice, registry.list()[0])
  })

  it('adding and removing a filter emits tools/change; a replacement in a batch emits one', () => {
    const registry = registryWith('shell')
    const change = vi.fn()
    registry.on('tools/change', change)
    const dispose = registry.hide((name) => name === 'shell')
    expect(change).toHaveBeenCalledTimes(1)
    dispose()
    expect(change).toHaveBeenCalledTimes(2)
    expect(registry.get('shell')?.name).toBe('shell')
    let current = registry.hide(() => false)
    change.mockClear()
    registry.batch(() => {
      current()
      current = registry.hide(() => true)
    })
    expect(change).toHaveBeenCalledTimes(1)
    expect(registry.list()).toEqual([])
  })

  it('a filter a failed batch added is gone again, and a listener’s throw rolls the filter back', () => {
    const registry = registryWith('shell')
    expect(() =>
      registry.batch(() => {
        registry.hide(() => true)
        throw new Error('abort the batch')
      }),
    ).toThrow('abort the batch')
    expect(names(registry.list())).toEqual(['shell'])
    registry.on('tools/change', () => {
      throw new Error('listener broke')
    })
    expect(() => registry.hide(() => true)).toThrow('listener broke')
    expect(names(registry.list())).toEqual(['shell'])
  })

  it('a filter that throws hides the tool (fails closed) and is logged', () => {
    const logger = recordingLogger()
    const registry = createToolRegistry({ logger })
    registry.register(tool('shell'))
    registry.hide(() => {
      throw new Error('filter broke')
    })
    expect(registry.get('shell')).toBeUndefined()
    expect(logger.warnings[0]?.[0]).toBe(
      'toolpipe: a visibility filter failed for tool "shell"; it is hidden',
    )
  })

  it('only true hides', () => {
    const registry = registryWith('shell')
    registry.hide(() => 'yes' as unknown as boolean)
    expect(registry.get('shell')?.name).toBe('shell')
  })

  it('refuses a filter that is not a function (INVALID_LISTENER) and a scope that is not an agent', () => {
    const registry = registryWith('shell')
    expect(() => registry.hide('shell' as never)).toThrow(ToolRegistryError)
    expect(() => registry.hide(() => true, { scope: 'alice' as never })).toThrow(
      expect.objectContaining({ code: 'INVALID_SCOPE' }),
    )
    expect(names(registry.list())).toEqual(['shell'])
  })
})
