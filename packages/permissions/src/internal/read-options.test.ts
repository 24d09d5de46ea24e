import { describe, expect, it } from 'vitest'
import { PermissionsError } from '../permissions-error.js'
import type { PermissionsOptions } from '../permissions-options.js'
import { readOptions } from './read-options.js'

describe('readOptions', () => {
  it('resolves the sources against the project root, highest precedence first', () => {
    const config = readOptions({
      projectRoot: '/project',
      cwd: 'app',
      home: '/home/u',
      sources: [
        { kind: 'user', path: '~/.toolpipe/settings.json' },
        { kind: 'project', path: '.gemini/policies/team.toml' },
        { kind: 'managed', path: '/etc/toolpipe/managed.json' },
        { kind: 'cli', settings: { permissions: { allow: ['Bash(ls *)'] } } },
      ],
    })
    expect(config).toMatchObject({ projectRoot: '/project', cwd: '/project/app', home: '/home/u' })
    expect(config.sources.map((source) => [source.kind, source.label, source.format])).toEqual([
      ['managed', '/etc/toolpipe/managed.json', 'settings'],
      ['cli', 'cli settings', 'settings'],
      ['local', '.toolpipe/settings.local.json', 'settings'],
      ['project', '.gemini/policies/team.toml', 'gemini'],
      ['user', '/home/u/.toolpipe/settings.json', 'settings'],
    ])
  })

  it('writes always-answers to the first file source of the persistTo kind, or its default', () => {
    const local = readOptions({ projectRoot: '/project', home: '/home/u' }).persistTo
    expect(local).toMatchObject({ kind: 'local', path: '/project/.toolpipe/settings.local.json' })
    const user = readOptions({
      projectRoot: '/project',
      home: '/home/u',
      persistTo: 'user',
      sources: [{ kind: 'user', path: '/home/u/.claude/settings.json' }],
    }).persistTo
    expect(user).toMatchObject({ kind: 'user', path: '/home/u/.claude/settings.json' })
  })

  it('refuses an option it cannot use with INVALID_OPTIONS, naming it', () => {
    const refused = (options: unknown) => () => readOptions(options as PermissionsOptions)
    expect(refused({ projectRoot: 'relative' })).toThrow(
      new PermissionsError(
        'permissions: projectRoot must be an absolute path, got "relative"',
        'INVALID_OPTIONS',
      ),
    )
    expect(refused({ projectRoot: '/p', persistTo: 'team' })).toThrow(
      'permissions: persistTo must be "local", "project", "user", got "team"',
    )
    expect(refused({ projectRoot: '/p', sources: [{ kind: 'cli', path: '' }] })).toThrow(
      'permissions: sources[0].path must be a file path, got ""',
    )
    expect(refused({ projectRoot: '/p', sources: [{ kind: 'project', settings: {} }] })).toThrow(
      'permissions: sources[0].settings must go with kind "cli", got kind "project"',
    )
    expect(refused({ projectRoot: '/p', tools: { run: { subjects: 'x' } } })).toThrow(
      'permissions: tools.run.subjects must be a function, got "x"',
    )
    expect(refused({ projectRoot: '/p', sandbox: { autoAllowBashIfSandboxed: true } })).toThrow(
      'permissions: sandbox must be a sandbox (with a willSandbox function), got an object',
    )
    expect(refused({ projectRoot: '/p', logger: {} })).toThrow(
      'permissions: logger must have a warn function',
    )
  })
})
