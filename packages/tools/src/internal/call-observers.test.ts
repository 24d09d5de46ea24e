import { describe, expect, it } from 'vitest'
import { agent, flushMicrotasks } from '../__fixtures__/tools.js'
import { callObservers } from './call-observers.js'
import { ListenerList } from './listener-list.js'

type Observer = (told: string[]) => unknown

describe('callObservers', () => {
  it('calls the unscoped observers and the call’s scope’s, in order, and no other scope’s', () => {
    const alice = agent('alice')
    const observers = new ListenerList<Observer>()
    observers.add((told) => told.push('global'), undefined)
    observers.add((told) => told.push('alice'), alice)
    observers.add((told) => told.push('bob'), agent('bob'))
    const told: string[] = []
    callObservers(
      observers.entries,
      alice,
      { warn: () => undefined },
      (o) => o(told),
      () => 'x',
    )
    expect(told).toEqual(['global', 'alice'])
  })

  it('logs a throw and a rejection with the failure message, and goes on; never throws', async () => {
    const observers = new ListenerList<Observer>()
    const boom = new Error('boom')
    observers.add(() => {
      throw boom
    }, undefined)
    observers.add(() => Promise.reject(boom), undefined)
    observers.add((told) => told.push('last'), undefined)
    const warnings: unknown[][] = []
    const told: string[] = []
    callObservers(
      observers.entries,
      undefined,
      { warn: (...details) => warnings.push(details) },
      (observer) => observer(told),
      () => 'an observer failed',
    )
    await flushMicrotasks()
    expect(told).toEqual(['last'])
    expect(warnings).toEqual([
      ['an observer failed', boom],
      ['an observer failed', boom],
    ])
    expect(() => {
      callObservers(
        observers.entries,
        undefined,
        {
          warn: () => {
            throw new Error('logger down')
          },
        },
        (observer) => observer([]),
        () => 'x',
      )
    }).not.toThrow()
    await flushMicrotasks()
  })
})
