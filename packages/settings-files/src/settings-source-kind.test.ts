import { describe, expect, it } from 'vitest'
import { compareSettingsSourceKinds, settingsSourceKinds } from './settings-source-kind.js'
import type { SettingsSourceKind } from './settings-source-kind.js'

describe('settings source kinds (SPEC §18.3)', () => {
  it('are listed highest precedence first, in a list nobody can change', () => {
    expect(settingsSourceKinds).toEqual(['managed', 'cli', 'local', 'project', 'user'])
    expect(Object.isFrozen(settingsSourceKinds)).toBe(true)
  })

  it('sort highest first, keeping the order of sources of one kind', () => {
    // Two project sources among the others: the first given stays first.
    const kinds: SettingsSourceKind[] = ['user', 'project', 'managed', 'project', 'cli', 'local']
    const order = kinds
      .map((kind, given) => ({ kind, given }))
      .sort((a, b) => compareSettingsSourceKinds(a.kind, b.kind))
    expect(order.map(({ kind, given }) => `${kind}${given}`)).toEqual([
      'managed2',
      'cli4',
      'local5',
      'project1',
      'project3',
      'user0',
    ])
    expect(compareSettingsSourceKinds('managed', 'user')).toBeLessThan(0)
    expect(compareSettingsSourceKinds('local', 'local')).toBe(0)
  })
})
