import { describe, expect, it } from 'vitest'
import { ToolRegistryError } from '../tool-registry-error.js'
import { ProvidedValueStore } from './provided-value-store.js'

describe('ProvidedValueStore', () => {
  it('lists the values under a name in the order they were provided, none for an unknown name', () => {
    const store = new ProvidedValueStore()
    store.provide('mode', 'plan')
    store.provide('mode', 'default')
    expect(store.provided('mode')).toEqual(['plan', 'default'])
    expect(store.provided('root')).toEqual([])
  })

  it('takes back exactly one value with its disposer, once', () => {
    const store = new ProvidedValueStore()
    const first = store.provide('mode', 'same')
    store.provide('mode', 'same')
    first()
    first()
    expect(store.provided('mode')).toEqual(['same'])
  })

  it('hands out a fresh list each time, so a reader cannot change the store', () => {
    const store = new ProvidedValueStore()
    store.provide('mode', 'plan')
    store.provided('mode').push('injected')
    expect(store.provided('mode')).toEqual(['plan'])
  })

  it.each(['', 1, undefined])('refuses the name %j as INVALID_PLUGIN', (name) => {
    const store = new ProvidedValueStore()
    expect(() => store.provide(name, 'x')).toThrow(
      new ToolRegistryError('a provided value needs a name', 'INVALID_PLUGIN'),
    )
    expect(() => store.provide(name, 'x')).toThrow(ToolRegistryError)
  })
})
