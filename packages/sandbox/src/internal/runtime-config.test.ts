import { describe, expect, it } from 'vitest'
import { runtimeConfig } from './runtime-config.js'
import type { ResolvedSandboxSettings } from './settings-in-force.js'

const none: ResolvedSandboxSettings = {
  enabled: true,
  autoAllowBashIfSandboxed: true,
  allowUnsandboxedCommands: true,
  excludedCommands: [],
  allowedDomains: [],
  deniedDomains: [],
  allowUnixSockets: [],
  allowLocalBinding: false,
  allowAllUnixSockets: false,
  allowWrite: [],
  denyWrite: [],
  denyRead: [],
  allowRead: [],
}

// Claude Code's merge of settings and rules into the sandbox's config
// (https://code.claude.com/docs/en/sandboxing#configure-sandboxing), SPEC §23.
describe('runtimeConfig', () => {
  it('makes the project root writable and what governs the sandbox write-denied, with nothing else said', () => {
    expect(runtimeConfig('/work/app', none, undefined, ['/home/me/.claude/settings.json'])).toEqual(
      {
        network: {
          allowedDomains: [],
          deniedDomains: [],
          allowLocalBinding: false,
          allowAllUnixSockets: false,
        },
        filesystem: {
          allowWrite: ['/work/app'],
          denyWrite: [
            '/home/me/.claude/settings.json',
            '/work/app/.git/hooks',
            '/work/app/.git/config',
            '/work/app/.claude/settings.json',
            '/work/app/.claude/settings.local.json',
            '/work/app/.toolpipe/settings.json',
            '/work/app/.toolpipe/settings.local.json',
          ],
          denyRead: [],
        },
      },
    )
  })

  it('merges the settings with the rules, each list once', () => {
    const config = runtimeConfig(
      '/work/app',
      {
        ...none,
        allowedDomains: ['registry.npmjs.org'],
        deniedDomains: ['evil.example'],
        allowUnixSockets: ['/var/run/docker.sock'],
        allowLocalBinding: true,
        allowWrite: ['/opt/cache'],
        denyWrite: ['/work/app/vendor'],
        denyRead: ['/home/me/.aws'],
        allowRead: ['/home/me/.aws/config'],
      },
      {
        allowWrite: ['/opt/cache', '/tmp/build'],
        denyWrite: ['/work/app/secrets'],
        denyRead: ['/work/app/**/.env'],
        allowedDomains: ['docs.example', 'registry.npmjs.org'],
        deniedDomains: ['ads.example'],
      },
      [],
    )
    expect(config.network).toEqual({
      allowedDomains: ['registry.npmjs.org', 'docs.example'],
      deniedDomains: ['evil.example', 'ads.example'],
      allowLocalBinding: true,
      allowAllUnixSockets: false,
      allowUnixSockets: ['/var/run/docker.sock'],
    })
    expect(config.filesystem.allowWrite).toEqual(['/work/app', '/opt/cache', '/tmp/build'])
    expect(config.filesystem.denyWrite.slice(0, 2)).toEqual([
      '/work/app/vendor',
      '/work/app/secrets',
    ])
    expect(config.filesystem.denyRead).toEqual(['/home/me/.aws', '/work/app/**/.env'])
    expect(config.filesystem.allowRead).toEqual(['/home/me/.aws/config'])
  })
})
