import { describe, expect, it } from 'vitest'
import { agent } from '../__fixtures__/tools.js'
import { ListenerList } from './listener-list.js'

const listeners = (list: ListenerList<string>) => list.entries.map((entry) => entry.listener)

describe('ListenerList', () => {
  it('keeps appended listeners in order, prepended ones before them, each with its scope', () => {
    const list = new ListenerList<string>()
    const alice = agent('alice')
    list.add('b', undefined)
    list.add('c', alice)
    list.add('a', undefined, 'first')
    expect(listeners(list)).toEqual(['a', 'b', 'c'])
    expect(list.entries[2]?.scope).toBe(alice)
  })

  it('replaces its entries instead of changing them, so a running call keeps its list', () => {
    const list = new ListenerList<string>()
    list.add('a', undefined)
    const before = list.entries
    list.add('b', undefined)
    expect(before.map((entry) => entry.listener)).toEqual(['a'])
  })

  it('removes an entry, and restores it in its place once, however often asked', () => {
    const list = new ListenerList<string>()
    list.add('a', undefined)
    const b = list.add('b', undefined)
    list.add('c', undefined)
    list.add('first', undefined, 'first')
    b.remove()
    expect(listeners(list)).toEqual(['first', 'a', 'c'])
    b.restore()
    b.restore()
    expect(listeners(list)).toEqual(['first', 'a', 'b', 'c'])
  })

  it('keeps innermost listeners inside every other, whenever those are added, in their own order', () => {
    const list = new ListenerList<string>()
    list.add('inner', undefined, 'innermost')
    list.add('a', undefined)
    list.add('innermost of all', undefined, 'innermost')
    list.add('b', undefined)
    list.add('outer', undefined, 'first')
    expect(listeners(list)).toEqual(['outer', 'a', 'b', 'inner', 'innermost of all'])
    const a = list.add('c', undefined)
    a.remove()
    a.restore()
    expect(listeners(list)).toEqual(['outer', 'a', 'b', 'c', 'inner', 'innermost of all'])
  })

  it('counts the same function added twice as two entries', () => {
    const list = new ListenerList<string>()
    const first = list.add('same', undefined)
    list.add('same', undefined)
    first.remove()
    expect(listeners(list)).toEqual(['same'])
  })
})
