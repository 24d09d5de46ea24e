import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { defaultSandboxSettings, recordingLogger } from '../__fixtures__/sandbox-fixtures.js'
import type { SandboxOptions } from '../sandbox-options.js'
import { readOptions } from './read-options.js'
import { settingsPath, SettingsInForce } from './settings-in-force.js'

function folders() {
  const root = mkdtempSync(join(tmpdir(), 'toolpipe-settings-'))
  const project = join(root, 'project')
  const home = join(root, 'home')
  mkdirSync(join(project, '.claude'), { recursive: true })
  mkdirSync(join(home, '.claude'), { recursive: true })
  return { project, home }
}

function inForce(options: Omit<SandboxOptions, 'logger'>) {
  const logger = recordingLogger()
  const settings = new SettingsInForce(readOptions({ ...options, logger }))
  return { settings, logger }
}

// How the `sandbox` key of every source is merged (SPEC §23, as Claude Code merges settings:
// https://code.claude.com/docs/en/settings#settings-precedence): one value from the highest source
// that sets it, lists from all of them.
describe('the sandbox settings in force', () => {
  it('takes each single value from the highest source that sets it, code first', () => {
    const { project, home } = folders()
    writeFileSync(
      join(home, '.claude', 'settings.json'),
      JSON.stringify({
        sandbox: { autoAllowBashIfSandboxed: false, allowUnsandboxedCommands: false },
      }),
    )
    writeFileSync(
      join(project, '.claude', 'settings.json'),
      JSON.stringify({ sandbox: { autoAllowBashIfSandboxed: true } }),
    )
    const { settings } = inForce({
      projectRoot: project,
      home,
      settings: { enabled: false },
      sources: [
        { kind: 'user', path: '~/.claude/settings.json' },
        { kind: 'project', path: '.claude/settings.json' },
      ],
    })
    expect(settings.current).toMatchObject({
      enabled: false,
      autoAllowBashIfSandboxed: true,
      allowUnsandboxedCommands: false,
    })
    settings.close()
  })

  it('merges lists across every source, each path resolved against its own source', () => {
    const { project, home } = folders()
    writeFileSync(
      join(home, '.claude', 'settings.json'),
      JSON.stringify({
        sandbox: {
          filesystem: { allowWrite: ['cache'] },
          network: { allowedDomains: ['a.example'] },
        },
      }),
    )
    writeFileSync(
      join(project, '.claude', 'settings.json'),
      JSON.stringify({
        sandbox: {
          filesystem: { allowWrite: ['./dist', '~/.kube', '//opt/tool', '/var/tmp'] },
          network: { allowedDomains: ['b.example', 'a.example'] },
        },
      }),
    )
    const { settings } = inForce({
      projectRoot: project,
      home,
      sources: [
        { kind: 'user', path: '~/.claude/settings.json' },
        { kind: 'project', path: '.claude/settings.json' },
        { kind: 'local', path: 'policy.toml' },
      ],
    })
    expect(settings.current.allowedDomains).toEqual(['b.example', 'a.example'])
    expect(settings.current.allowWrite).toEqual([
      join(project, 'dist'),
      join(home, '.kube'),
      '/opt/tool',
      '/var/tmp',
      join(home, '.claude', 'cache'),
    ])
    settings.close()
  })

  it('has Claude Code’s defaults where no source says anything', () => {
    const { project } = folders()
    const { settings } = inForce({ projectRoot: project })
    expect(settings.current).toEqual(defaultSandboxSettings)
  })

  it('follows a file that changes, keeps the last good value of one that breaks, and warns once per problem', async () => {
    const { project } = folders()
    const file = join(project, '.claude', 'settings.json')
    writeFileSync(file, JSON.stringify({ sandbox: { enabled: false, unknownKey: 1 } }))
    const { settings, logger } = inForce({
      projectRoot: project,
      sources: [{ kind: 'project', path: file }],
    })
    expect(settings.current.enabled).toBe(false)
    writeFileSync(file, JSON.stringify({ sandbox: { enabled: true, unknownKey: 2 } }))
    await until(() => settings.current.enabled)
    writeFileSync(file, '{ "sandbox": { "enabled": fal')
    await until(() => logger.warnings.some((warning) => warning.includes('line 1')))
    expect(settings.current.enabled).toBe(true)
    expect(logger.warnings.filter((warning) => warning.includes('unknownKey'))).toEqual([
      'toolpipe: .claude/settings.json: sandbox.unknownKey is not a setting @toolpipe/sandbox reads; ignored',
    ])
    settings.close()
  })
})

describe('settingsPath', () => {
  it.each([
    ['//opt/x', '/opt/x'],
    ['/opt/x', '/opt/x'],
    ['~/.kube', '/home/me/.kube'],
    ['~', '/home/me'],
    ['./dist', '/work/app/dist'],
    ['dist/**', '/work/app/dist/**'],
  ])('%s is %s', (given, absolute) => {
    expect(settingsPath(given, '/work/app', '/home/me')).toBe(absolute)
  })
})

async function until(condition: () => boolean): Promise<void> {
  for (let tries = 0; tries < 300 && !condition(); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  expect(condition()).toBe(true)
}
