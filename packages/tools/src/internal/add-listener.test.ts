import { describe, expect, it } from 'vitest'
import { agent } from '../__fixtures__/tools.js'
import { ToolRegistryError } from '../tool-registry-error.js'
import { addListener } from './add-listener.js'
import { createRegistryParts } from './registry-parts.js'

function parts() {
  return createRegistryParts({}, { warn: () => undefined })
}

describe('addListener', () => {
  it('adds a built-in event’s listener to its list, appended or prepended, with its scope', () => {
    const registry = parts()
    const alice = agent('alice')
    const first = () => undefined
    const second = () => undefined
    addListener(registry, 'tools/result', first, undefined, 'last')
    addListener(registry, 'tools/result', second, alice, 'first')
    expect(registry.listeners['tools/result'].entries.map((entry) => entry.listener)).toEqual([
      second,
      first,
    ])
    expect(registry.listeners['tools/result'].entries[0]?.scope).toBe(alice)
  })

  it('makes a plugin event’s observers when first listened to; its handle removes it', () => {
    const registry = parts()
    const observer = () => undefined
    expect(registry.pluginObservers.has('audit/entry')).toBe(false)
    const handle = addListener(registry, 'audit/entry', observer, undefined, 'last')
    expect(registry.pluginObservers.get('audit/entry')?.entries.map((e) => e.listener)).toEqual([
      observer,
    ])
    handle.remove()
    expect(registry.pluginObservers.get('audit/entry')?.entries).toEqual([])
  })

  it('refuses an event name that is not a non-empty string, listing the built-in ones', () => {
    expect(() => addListener(parts(), '', () => undefined, undefined, 'last')).toThrow(
      new ToolRegistryError(
        'an event name must be a non-empty string, got ""; the built-in events are tools/start, tools/pre-execute, tools/approval, tools/execute, tools/progress, tools/post-execute, tools/result, tools/decision, tools/change',
        'INVALID_LISTENER',
      ),
    )
    expect(() => addListener(parts(), 7, () => undefined, undefined, 'last')).toThrow(
      ToolRegistryError,
    )
  })

  it('refuses a listener that is not a function, naming the event', () => {
    expect(() => addListener(parts(), 'tools/result', 'log', undefined, 'last')).toThrow(
      new ToolRegistryError('a tools/result listener must be a function', 'INVALID_LISTENER'),
    )
  })
})
