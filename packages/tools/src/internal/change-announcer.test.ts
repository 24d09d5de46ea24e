import { describe, expect, it } from 'vitest'
import { agent } from '../__fixtures__/tools.js'
import type { ChangeListener } from '../tool-events.js'
import { changeAnnouncer } from './change-announcer.js'
import { ListenerList } from './listener-list.js'

/** Listeners that record their names when told, the throwing one after it records. */
function recording() {
  const told: string[] = []
  const listeners = new ListenerList<ChangeListener>()
  const alice = agent('alice')
  const bob = agent('bob')
  listeners.add(() => void told.push('global'), undefined)
  listeners.add(() => void told.push('alice'), alice)
  listeners.add(() => {
    told.push('bob')
    throw new Error('bob is down')
  }, bob)
  return { told, listeners, alice, bob }
}

describe('changeAnnouncer', () => {
  it('tells a global listener of every change, a scoped one of its scope’s and the global layer’s', () => {
    const { told, listeners, alice } = recording()
    const warnings: unknown[][] = []
    const announcer = changeAnnouncer(listeners, { warn: (...details) => warnings.push(details) })
    announcer.announce([alice])
    expect(told).toEqual(['global', 'alice'])
    told.length = 0
    announcer.announceQuietly([undefined])
    expect(told).toEqual(['global', 'alice', 'bob'])
    expect(warnings).toEqual([
      ['toolpipe: a tools/change listener failed', new Error('bob is down')],
    ])
  })

  it('tells each listener once however many of its scopes changed', () => {
    const { told, listeners, alice } = recording()
    changeAnnouncer(listeners, { warn: () => undefined }).announce([alice, alice, alice])
    expect(told).toEqual(['global', 'alice'])
  })

  it('lets the first throw through when announcing, and logs every throw when quiet', () => {
    const { told, listeners, bob } = recording()
    const announcer = changeAnnouncer(listeners, {
      warn: () => {
        throw new Error('the logger is down too')
      },
    })
    expect(() => {
      announcer.announce([bob])
    }).toThrow('bob is down')
    expect(() => {
      announcer.announceQuietly([bob])
    }).not.toThrow()
    expect(told).toEqual(['global', 'bob', 'global', 'bob'])
  })
})
