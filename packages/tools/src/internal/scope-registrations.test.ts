import { describe, expect, it } from 'vitest'
import { agent, tool } from '../__fixtures__/tools.js'
import { ToolRegistryError } from '../tool-registry-error.js'
import { createRegistryInternals } from './create-registry-internals.js'
import { createRegistryParts } from './registry-parts.js'
import { ScopeRegistrations } from './scope-registrations.js'

/** A registry's internals and parts, and the changes announced for each scope. */
function setup() {
  const parts = createRegistryParts({}, { warn: () => undefined })
  const internals = createRegistryInternals(parts, undefined)
  const announced: string[] = []
  parts.listeners['tools/change'].add(() => void announced.push('change'), undefined)
  return { parts, internals, announced }
}

describe('ScopeRegistrations', () => {
  it('announces a tool it tracks, and removes it with an announcement on disposal', () => {
    const { internals, announced } = setup()
    const alice = agent('alice')
    const held = new ScopeRegistrations(alice, internals)
    const dispose = held.track(internals.addTool(tool('notes'), alice), true)
    expect(internals.get('notes', alice)?.name).toBe('notes')
    expect(announced).toEqual(['change'])
    dispose()
    dispose()
    expect(internals.get('notes', alice)).toBeUndefined()
    expect(announced).toEqual(['change', 'change'])
  })

  it('announces nothing for a guard, and takes a change back when a listener throws', () => {
    const { parts, internals, announced } = setup()
    const alice = agent('alice')
    const held = new ScopeRegistrations(alice, internals)
    held.track(
      internals.addGuard(() => undefined, alice),
      false,
    )
    expect(announced).toEqual([])
    parts.listeners['tools/change'].add(() => {
      throw new Error('veto')
    }, alice)
    expect(() => held.track(internals.addTool(tool('notes'), alice), true)).toThrow('veto')
    expect(internals.get('notes', alice)).toBeUndefined()
  })

  it('disposes everything it holds at once, then refuses to register more', () => {
    const { internals, announced } = setup()
    const alice = agent('alice')
    const held = new ScopeRegistrations(alice, internals)
    held.track(internals.addTool(tool('a'), alice), true)
    held.track(internals.addTool(tool('b'), alice), true)
    announced.length = 0
    held.dispose()
    held.dispose()
    expect(internals.list(alice)).toEqual([])
    expect(announced).toEqual(['change'])
    expect(() => {
      held.assertOpen()
    }).toThrow(
      new ToolRegistryError(
        'the scope of agent "alice" was disposed; create a new one with registry.scope(agent)',
        'SCOPE_DISPOSED',
      ),
    )
  })

  it('comes back with what it held when the batch that disposed it fails', () => {
    const { internals } = setup()
    const alice = agent('alice')
    const held = new ScopeRegistrations(alice, internals)
    held.track(internals.addTool(tool('notes'), alice), true)
    expect(() =>
      internals.batch(() => {
        held.dispose()
        throw new Error('undo')
      }),
    ).toThrow('undo')
    expect(internals.get('notes', alice)?.name).toBe('notes')
    expect(() => {
      held.assertOpen()
    }).not.toThrow()
  })
})
