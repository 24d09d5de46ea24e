import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { defaultSandboxSettings, projectFolder } from '../__fixtures__/sandbox-fixtures.js'
import { runtimeConfig } from './runtime-config.js'

const none = defaultSandboxSettings

// Claude Code's merge of settings and rules into the sandbox's config
// (https://code.claude.com/docs/en/sandboxing#configure-sandboxing), SPEC §23.
describe('runtimeConfig', () => {
  it('makes the project root writable and what governs the sandbox write-denied, with nothing else said', () => {
    const project = projectFolder()
    const home = join(dirname(project), 'home')
    mkdirSync(join(home, '.claude'), { recursive: true })
    writeFileSync(join(home, '.claude', 'settings.json'), '{}')
    const files = [
      join(home, '.claude', 'settings.json'),
      join(home, '.claude', 'missing.json'),
      join(project, '.toolpipe', 'settings.local.json'),
      join(project, 'config', 'team.json'),
    ]
    expect(runtimeConfig(project, none, undefined, files)).toEqual({
      network: {
        allowedDomains: [],
        deniedDomains: [],
        allowLocalBinding: false,
        allowAllUnixSockets: false,
      },
      filesystem: {
        allowWrite: [project],
        denyWrite: [
          // An existing file outside, and a missing one a command could create.
          join(home, '.claude', 'settings.json'),
          join(project, 'config', 'team.json'),
          // The settings folders whole (the persisted rules inside), git's hooks and configs.
          join(project, '.claude'),
          join(project, '.toolpipe'),
          join(project, '.git', 'hooks'),
          join(project, '.git', 'config'),
          join(project, '.git', 'config.worktree'),
          join(project, '.git', 'modules'),
          join(project, '.git', 'worktrees'),
          // No rebase or cherry-pick is under way: its state is not denied, so the runtime puts
          // no placeholder there that git would read as one (SPEC §23, see `sequencerEntries`).
          // That `.git` is no repository: git would take the root itself for a bare one.
          join(project, 'HEAD'),
        ],
        denyRead: [],
      },
    })
  })

  it('denies an existing .git/commondir, which names where git reads config and hooks (SPEC §23)', () => {
    const project = projectFolder()
    writeFileSync(join(project, '.git', 'commondir'), '.\n')
    expect(runtimeConfig(project, none, undefined, []).filesystem.denyWrite).toContain(
      join(project, '.git', 'commondir'),
    )
  })

  it('denies .git itself in a project without a git folder: no command can create one', () => {
    const project = projectFolder({ git: false })
    expect(runtimeConfig(project, none, undefined, []).filesystem.denyWrite).toEqual([
      join(project, '.claude'),
      join(project, '.toolpipe'),
      join(project, '.git'),
      // A path denied inside it makes the runtime's placeholder at `.git` an empty folder, which
      // host git walks past while a run is live (it refuses an empty file).
      join(project, '.git', 'hooks'),
      // Nor a bare repository in the root (HEAD, objects/, refs/) that host git would take.
      join(project, 'HEAD'),
    ])
  })

  it('denies a .git file (a worktree’s pointer): no command can point it elsewhere', () => {
    const project = projectFolder({ git: false })
    writeFileSync(join(project, '.git'), 'gitdir: /work/main/.git/worktrees/app\n')
    expect(runtimeConfig(project, none, undefined, []).filesystem.denyWrite).toContain(
      join(project, '.git'),
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
