import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SandboxError } from '../sandbox-error.js'
import type { SandboxOptions } from '../sandbox-options.js'
import { readOptions } from './read-options.js'

const projectRoot = '/work/app'
const home = '/home/me'

function revoked(): object {
  const { proxy, revoke } = Proxy.revocable({}, {})
  revoke()
  return proxy
}

// `sources` are the settings files of §18.3; every one of them governs the harness, so each is
// write-denied inside the sandbox (SPEC §23), a Gemini CLI policy file too, though it has no
// `sandbox` key to read.
describe('the sources createSandbox reads (SPEC §23)', () => {
  it('write-denies a Gemini policy file, and reads no sandbox key from it', () => {
    const config = readOptions({
      projectRoot,
      home,
      sources: [
        { kind: 'project', path: 'policies/rules.toml' },
        { kind: 'user', path: '~/.gemini/settings.json', format: 'gemini' },
        { kind: 'project', path: '.claude/settings.json' },
        { kind: 'cli', settings: { sandbox: { enabled: true } } },
      ],
    })
    expect(config.sourceFiles).toEqual([
      join(projectRoot, 'policies/rules.toml'),
      join(home, '.gemini/settings.json'),
      join(projectRoot, '.claude/settings.json'),
    ])
    expect(config.sources.map((source) => source.label)).toEqual([
      'cli settings',
      '.claude/settings.json',
    ])
  })
})

// A hostile `sources` (throwing getters, revoked Proxies) is refused as the package's typed error,
// never the raw one (SPEC §11, STYLE habit 18).
describe('sources it cannot read', () => {
  it.each<[string, unknown, string]>([
    [
      'a throwing kind',
      [
        {
          get kind(): string {
            throw new Error('boom-kind')
          },
        },
      ],
      'createSandbox: sources[0].kind could not be read: boom-kind',
    ],
    [
      'a throwing path',
      [
        {
          kind: 'project',
          get path(): string {
            throw new Error('boom-path')
          },
        },
      ],
      'createSandbox: sources[0].path could not be read: boom-path',
    ],
    [
      "a cli source's throwing sandbox",
      [
        {
          kind: 'cli',
          settings: {
            get sandbox(): unknown {
              throw new Error('boom-sandbox')
            },
          },
        },
      ],
      'createSandbox: sources[0].settings.sandbox could not be read: boom-sandbox',
    ],
    ['a revoked entry', [revoked()], 'createSandbox: sources[0].kind could not be read'],
    ['a revoked cli settings', [{ kind: 'cli', settings: revoked() }], 'sources[0].settings'],
    ['a revoked array', revoked(), 'createSandbox: sources could not be read'],
    [
      'an array whose entries throw',
      new Proxy([1], {
        get: (target, key) => {
          if (key === '0') throw new Error('boom-entry')
          return Reflect.get(target, key) as unknown
        },
      }),
      'createSandbox: sources could not be read: boom-entry',
    ],
  ])('%s: INVALID_OPTIONS', (_case, sources, message) => {
    let thrown: unknown
    try {
      readOptions({ projectRoot, sources } as SandboxOptions)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(SandboxError)
    expect(thrown).toMatchObject({ code: 'INVALID_OPTIONS' })
    expect((thrown as Error).message).toContain(message)
  })
})
