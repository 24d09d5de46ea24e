import { describe, expect, it } from 'vitest'
import { RuleIndex } from './rule-index.js'
import type { RuleWarning } from './rule-set.js'
import { addSettingsSource } from './settings-source.js'
import type { SettingsDraft } from './settings-source.js'

const context = { projectRoot: '/project', cwd: '/project/app', home: '/home/u' }

function draft(): SettingsDraft {
  return {
    indexes: { deny: new RuleIndex(), ask: new RuleIndex(), allow: new RuleIndex() },
    order: { deny: 0, ask: 0, allow: 0 },
    defaultMode: undefined,
    defaultModeOrigin: undefined,
    additionalDirectories: [],
  }
}

describe('addSettingsSource', () => {
  it('adds a file’s rules, anchoring /p at the project root for a project file', () => {
    const into = draft()
    addSettingsSource(
      into,
      {
        kind: 'project',
        path: '/project/.toolpipe/settings.json',
        label: '.toolpipe/settings.json',
        format: 'settings',
        value: { permissions: { deny: ['Read(/secrets/**)'], ask: ['Bash(git push *)'] } },
      },
      context,
      false,
      () => undefined,
    )
    expect(into.order).toEqual({ deny: 1, ask: 1, allow: 0 })
    expect(into.indexes.deny.read[0]?.path?.base).toBe('/project')
    expect(into.indexes.ask.all.map((rule) => rule.text)).toEqual(['Bash(git push *)'])
  })

  it('anchors /p at a user file’s own folder, and keeps the first defaultMode it meets', () => {
    const into = draft()
    into.defaultMode = 'plan'
    addSettingsSource(
      into,
      {
        kind: 'user',
        path: '/home/u/.toolpipe/settings.json',
        label: '~/.toolpipe/settings.json',
        format: 'settings',
        value: { permissions: { deny: ['Read(/keys/**)'], defaultMode: 'dontAsk' } },
      },
      context,
      false,
      () => undefined,
    )
    expect(into.indexes.deny.read[0]?.path?.base).toBe('/home/u/.toolpipe')
    expect(into.defaultMode).toBe('plan')
  })

  it('reads only the settings of a source whose rules a managed source ignores', () => {
    const into = draft()
    const warnings: RuleWarning[] = []
    addSettingsSource(
      into,
      {
        kind: 'local',
        path: '/project/.toolpipe/settings.local.json',
        label: '.toolpipe/settings.local.json',
        format: 'settings',
        value: { permissions: { allow: ['Bash(ls *)'], defaultMode: 'acceptEdits' } },
      },
      context,
      true,
      (warning) => warnings.push(warning),
    )
    expect(into.indexes.allow.all).toEqual([])
    expect(into.defaultMode).toBe('acceptEdits')
    expect(warnings).toEqual([])
  })
})
