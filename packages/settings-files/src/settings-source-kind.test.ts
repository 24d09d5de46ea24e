import { describe, expect, it } from 'vitest'
import { compareSettingsSourceKinds, settingsSourceKinds } from './settings-source-kind.js'
import type { SettingsSourceKind } from './settings-source-kind.js'

describe('settings source kinds (SPEC §18.3)', () => {
  it('are listed highest precedence first, in a list nobody can change', () => {
    expect(settingsSourceKinds).toEqual(['managed', 'cli', 'local', 'project', 'user'])
    expect(Object.isFrozen(settingsSourceKinds)).toBe(true)
  })

  it('sort highest first, keeping the order of sources of one kind', () => {
    const sources: { kind: SettingsSourceKind; name: string }[] = [
      { kind: 'user', name: 'u' },
      { kind: 'project', name: 'p1' },
      { kind: 'managed', name: 'm' },
      { kind: 'project', name: 'p2' },
      { kind: 'cli', name: 'c' },
      { kind: 'local', name: 'l' },
    ]
    sources.sort((a, b) => compareSettingsSourceKinds(a.kind, b.kind))
    expect(sources.map(({ name }) => name)).toEqual(['m', 'c', 'l', 'p1', 'p2', 'u'])
    expect(compareSettingsSourceKinds('managed', 'user')).toBeLessThan(0)
    expect(compareSettingsSourceKinds('local', 'local')).toBe(0)
  })
})
