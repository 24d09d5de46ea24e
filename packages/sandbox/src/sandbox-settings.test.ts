import { describe, expect, it } from 'vitest'
import { readSandboxSettings } from './sandbox-settings.js'

// Claude Code's `sandbox` key (https://code.claude.com/docs/en/settings#sandbox-settings): what
// is known and well typed is kept; everything else is named by its path and left out, never a
// failure (SPEC §23).
describe('readSandboxSettings', () => {
  it('keeps every setting Claude Code documents that this package reads', () => {
    const settings = {
      enabled: true,
      autoAllowBashIfSandboxed: false,
      excludedCommands: ['docker', 'npm run e2e'],
      allowUnsandboxedCommands: false,
      network: {
        allowedDomains: ['registry.npmjs.org', '*.github.com'],
        deniedDomains: ['evil.example'],
        allowLocalBinding: true,
        allowUnixSockets: ['/var/run/docker.sock'],
        allowAllUnixSockets: false,
      },
      filesystem: {
        allowWrite: ['~/.kube'],
        denyWrite: ['/etc'],
        denyRead: ['~/.aws'],
        allowRead: ['.'],
      },
    }
    expect(readSandboxSettings(JSON.parse(JSON.stringify(settings)))).toEqual({
      settings,
      problems: [],
    })
  })

  it('names each member it ignores by its path, and why', () => {
    const { settings, problems } = readSandboxSettings({
      enabled: 'yes',
      failIfUnavailable: true,
      excludedCommands: ['docker', 3, '  '],
      network: { allowedDomains: 'example.com', allowedDomain: ['x'] },
      filesystem: [],
    })
    expect(settings).toEqual({ excludedCommands: ['docker'], network: {} })
    expect(problems).toEqual([
      'sandbox.enabled must be true or false, got "yes"; ignored',
      'sandbox.failIfUnavailable is not a setting @toolpipe/sandbox reads; ignored',
      'sandbox.excludedCommands[1] must be a non-empty string, got 3; ignored',
      'sandbox.excludedCommands[2] must be a non-empty string, got "  "; ignored',
      'sandbox.network.allowedDomains must be an array of strings, got "example.com"; ignored',
      'sandbox.network.allowedDomain is not a setting @toolpipe/sandbox reads; ignored',
      'sandbox.filesystem must be an object, got an array; ignored',
    ])
  })

  it.each<[string, unknown]>([
    ['a string', 'on'],
    ['null', null],
    ['an array', [true]],
  ])('reads %s as no settings, with one problem', (_name, value) => {
    const reading = readSandboxSettings(value, 'settings.json: sandbox')
    expect(reading.settings).toEqual({})
    expect(reading.problems).toHaveLength(1)
    expect(reading.problems[0]).toMatch(/^settings\.json: sandbox must be an object/u)
  })

  it('reads nothing for an absent key', () => {
    expect(readSandboxSettings(undefined)).toEqual({ settings: {}, problems: [] })
  })

  it('survives hostile values: a throwing getter, a revoked Proxy, a __proto__ key', () => {
    const getter = Object.defineProperty({ enabled: true }, 'network', {
      enumerable: true,
      get: () => {
        throw new Error('boom')
      },
    })
    expect(readSandboxSettings(getter)).toEqual({
      settings: { enabled: true },
      problems: ['sandbox.network cannot be read; ignored'],
    })
    const { proxy, revoke } = Proxy.revocable({}, {})
    revoke()
    expect(readSandboxSettings(proxy).settings).toEqual({})
    const parsed: unknown = JSON.parse('{"__proto__": {"enabled": false}, "enabled": true}')
    const reading = readSandboxSettings(parsed)
    expect(reading.settings).toEqual({ enabled: true })
    expect(Object.getPrototypeOf(reading.settings)).toBe(Object.prototype)
    expect(reading.problems).toEqual([
      'sandbox.__proto__ is not a setting @toolpipe/sandbox reads; ignored',
    ])
  })
})
