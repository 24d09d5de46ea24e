import { describe, expect, it } from 'vitest'
import type { HooksConfigIssue } from '../hooks-config-error.js'
import { readHookSources } from './read-hook-sources.js'

function read(listed: unknown) {
  const issues: HooksConfigIssue[] = []
  return { sources: readHookSources(listed, issues), issues }
}

describe('readHookSources', () => {
  it('keeps each { kind, path } of the five kinds, in order', () => {
    expect(
      read([
        { kind: 'user', path: '~/.claude/settings.json' },
        { kind: 'managed', path: '/etc/claude-code/managed-settings.json' },
      ]),
    ).toEqual({
      sources: [
        { kind: 'user', path: '~/.claude/settings.json' },
        { kind: 'managed', path: '/etc/claude-code/managed-settings.json' },
      ],
      issues: [],
    })
    expect(read(undefined)).toEqual({ sources: [], issues: [] })
  })

  it('reports what is wrong with each source at its JSON path, and leaves out the unusable ones', () => {
    const { sources, issues } = read([
      { kind: 'team', path: '' },
      'settings.json',
      { kind: 'project', path: '.claude/settings.json', format: 'json' },
      { kind: 'local', path: '.claude/settings.local.json' },
    ])
    // A member that is not `kind` or `path` is an issue; the source itself is still good.
    expect(sources).toEqual([
      { kind: 'project', path: '.claude/settings.json' },
      { kind: 'local', path: '.claude/settings.local.json' },
    ])
    expect(issues).toEqual([
      {
        path: '$.sources[0].kind',
        message: 'must be one of managed, cli, local, project, user, got "team"',
      },
      { path: '$.sources[0].path', message: 'must be a settings file path, got ""' },
      { path: '$.sources[1]', message: 'must be an object, got string' },
      { path: '$.sources[2].format', message: 'is not an option (known: kind, path)' },
    ])
  })

  it('refuses sources that are no list', () => {
    expect(read({ kind: 'project' }).issues).toEqual([
      { path: '$.sources', message: 'must be an array of { kind, path }, got object' },
    ])
  })
})
