import { describe, expect, it } from 'vitest'
import { PermissionsError } from '../permissions-error.js'
import type { PermissionsOptions } from '../permissions-options.js'
import { readOptions } from './read-options.js'

const boom = new Error('boom')
const throwing = (): never => {
  throw boom
}

/** An object whose member `key` is a getter that throws `boom`. */
function getterThrows(key: string): object {
  return Object.defineProperty({}, key, { get: throwing, enumerable: true })
}

/** How `readOptions` refuses `options` (beside a project root): error class, code, message, cause. */
function refusal(options: object): unknown {
  try {
    // The members copied as they are: a getter stays a getter.
    readOptions(
      Object.defineProperties({ projectRoot: '/p' }, Object.getOwnPropertyDescriptors(options)),
    )
  } catch (error) {
    const { code, message, cause } = error as PermissionsError
    return [error instanceof PermissionsError, code, message, cause]
  }
  return 'accepted'
}

const refused = (message: string) => [true, 'INVALID_OPTIONS', `permissions: ${message}`, boom]

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

  it('refuses settings given in code that a getter or Proxy will not give: INVALID_OPTIONS, naming where, the thrown error its cause (STYLE habit 18)', () => {
    const cli = (settings: object) => ({ sources: [{ kind: 'cli', settings }] })
    expect(refusal(cli(getterThrows('permissions')))).toEqual(
      refused('sources[0].settings.permissions could not be read: boom'),
    )
    expect(refusal(cli({ permissions: getterThrows('deny') }))).toEqual(
      refused('sources[0].settings.permissions.deny could not be read: boom'),
    )
    expect(refusal(cli(new Proxy({}, { get: throwing, ownKeys: throwing })))).toEqual(
      refused('sources[0].settings.permissions could not be read: boom'),
    )
  })

  it('refuses sources and tools a getter or Proxy will not give the same way (STYLE habit 18)', () => {
    expect(refusal({ sources: [getterThrows('kind')] })).toEqual(
      refused('sources[0].kind could not be read: boom'),
    )
    expect(refusal({ sources: new Proxy([], { get: throwing }) })).toEqual(
      refused('sources could not be read: boom'),
    )
    expect(refusal(getterThrows('sources'))).toEqual(refused('sources could not be read: boom'))
    expect(refusal({ tools: getterThrows('shell') })).toEqual(
      refused('tools.shell could not be read: boom'),
    )
    expect(refusal({ tools: { shell: getterThrows('ruleName') } })).toEqual(
      refused('tools.shell.ruleName could not be read: boom'),
    )
    expect(refusal({ tools: new Proxy({}, { ownKeys: throwing }) })).toEqual(
      refused('tools could not be read: boom'),
    )
  })

  it('keeps a copy of settings given in code and of each tool’s rules, read once (SPEC §18.3)', () => {
    const deny = ['Bash(rm *)']
    const shell = {
      ruleName: 'Bash',
      prefix: 'ran ',
      subjects(this: { prefix: string }, args: unknown) {
        return [{ kind: 'command' as const, command: this.prefix + String(args) }]
      },
    }
    const config = readOptions({
      projectRoot: '/p',
      sources: [{ kind: 'cli', settings: { permissions: { deny } } }],
      tools: { shell },
    })
    deny.push('Bash(curl *)')
    shell.ruleName = 'Other'
    expect(config.sources[0]?.settings).toEqual({ permissions: { deny: ['Bash(rm *)'] } })
    const rules = config.tools.get('shell')
    expect(rules?.ruleName).toBe('Bash')
    expect(rules?.subjects?.('ls')).toEqual([{ kind: 'command', command: 'ran ls' }])
  })
})
