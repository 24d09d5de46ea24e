import { describe, expect, it } from 'vitest'
import { agent, tool } from '../__fixtures__/tools.js'
import { ToolLayers } from './tool-layers.js'

/**
 * The contract of the registry's layers (SPEC §13): handles whose `remove` and `restore` may be
 * called again, late, or after the name was taken by another registration, and scope layers that
 * keep what is left in them when something else is taken away.
 */

function names(layers: ToolLayers, scope = agent('nobody')): string[] {
  return layers.list(scope).map((definition) => definition.name)
}

describe('ToolLayers', () => {
  it('a stale remove leaves a later registration of the same name alone, in either layer', () => {
    const layers = new ToolLayers()
    const alice = agent('alice')
    for (const scope of [undefined, alice]) {
      const first = tool('read')
      const second = tool('read')
      const handle = layers.add('read', first, scope)
      handle.remove()
      layers.add('read', second, scope)
      handle.remove()
      expect(layers.get('read', scope)).toBe(second)
    }
  })

  it('removing a scoped tool or lifting a restriction twice is harmless once the scope is empty', () => {
    const layers = new ToolLayers()
    const alice = agent('alice')
    layers.add('read', tool('read'), undefined)
    const notes = layers.add('notes', tool('notes'), alice)
    notes.remove()
    expect(() => {
      notes.remove()
    }).not.toThrow()
    const restriction = layers.restrict(alice, { deny: ['read'] })
    restriction.remove()
    expect(() => {
      restriction.remove()
    }).not.toThrow()
    expect(names(layers, alice)).toEqual(['read'])
  })

  it('a scope keeps its other tools and its restrictions when one of its tools is removed', () => {
    const layers = new ToolLayers()
    const alice = agent('alice')
    layers.add('read', tool('read'), undefined)
    layers.add('write', tool('write'), undefined)
    const notes = layers.add('notes', tool('notes'), alice)
    layers.add('todo', tool('todo'), alice)
    notes.remove()
    expect(names(layers, alice)).toEqual(['read', 'write', 'todo'])
    layers.restrict(alice, { deny: ['write'] })
    const bob = agent('bob')
    layers.add('scratch', tool('scratch'), bob)
    const own = layers.add('mine', tool('mine'), alice)
    own.remove()
    expect(names(layers, alice)).toEqual(['read', 'todo'])
    expect(layers.get('write', alice)).toBeUndefined()
    expect(names(layers, bob)).toEqual(['read', 'write', 'scratch'])
  })

  it('a scope keeps its restriction when its last own tool is removed, and its tools when a restriction is lifted', () => {
    const layers = new ToolLayers()
    const alice = agent('alice')
    layers.add('read', tool('read'), undefined)
    layers.add('write', tool('write'), undefined)
    layers.restrict(alice, { allow: ['read'] })
    const notes = layers.add('notes', tool('notes'), alice)
    notes.remove()
    expect(names(layers, alice)).toEqual(['read'])
    layers.add('todo', tool('todo'), alice)
    const deny = layers.restrict(alice, { deny: ['read'] })
    deny.remove()
    expect(names(layers, alice)).toEqual(['read', 'todo'])
  })

  it('restore puts a tool back in its place in registration order, after a same-named one came and went', () => {
    const layers = new ToolLayers()
    const read = layers.add('read', tool('read'), undefined)
    layers.add('write', tool('write'), undefined)
    read.remove()
    read.restore()
    expect(layers.list(undefined).map((definition) => definition.name)).toEqual(['read', 'write'])
    read.restore()
    expect(layers.list(undefined).map((definition) => definition.name)).toEqual(['read', 'write'])
    const original = layers.get('read', undefined)
    read.remove()
    const replacement = tool('read')
    const newer = layers.add('read', replacement, undefined)
    newer.remove()
    read.restore()
    expect(layers.get('read', undefined)).toBe(original)
  })

  it('a restored restriction applies again, once', () => {
    const layers = new ToolLayers()
    const alice = agent('alice')
    layers.add('read', tool('read'), undefined)
    layers.add('write', tool('write'), undefined)
    const deny = layers.restrict(alice, { deny: ['write'] })
    deny.remove()
    deny.restore()
    deny.restore()
    expect(names(layers, alice)).toEqual(['read'])
    deny.remove()
    expect(names(layers, alice)).toEqual(['read', 'write'])
  })

  it('under several allow-lists a scope sees their intersection, in registration order', () => {
    const layers = new ToolLayers()
    const alice = agent('alice')
    for (const name of ['a', 'b', 'c', 'd']) layers.add(name, tool(name), undefined)
    layers.restrict(alice, { allow: ['d', 'c', 'b', 'a'] })
    layers.restrict(alice, { allow: ['d', 'a', 'b'] })
    layers.restrict(alice, { allow: ['b', 'd', 'c'], deny: ['b'] })
    expect(names(layers, alice)).toEqual(['d'])
    expect(layers.get('a', alice)).toBeUndefined()
    expect(layers.get('b', alice)).toBeUndefined()
    expect(layers.get('d', alice)?.name).toBe('d')
  })
})
