import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  call,
  eventually,
  recordingRegistry,
  scratchProjects,
  scriptedApproval,
} from './__fixtures__/harness.js'
import { shellTool } from '@toolpipe/shell-tool'
import { permissions } from './permissions.js'

/** SPEC §26's always-answers, through the plugin on a registry. */
const project = scratchProjects()
const settingsSources = [{ kind: 'local' as const, path: '.toolpipe/settings.local.json' }]

describe('always-answers (SPEC §26)', () => {
  it('are in force for the next call before (and whether or not) their write finishes', async () => {
    const { root } = project()
    // The file cannot be written (it is a folder): the answer lives on in memory.
    mkdirSync(join(root, '.toolpipe', 'settings.local.json'), { recursive: true })
    const runs: string[] = []
    const approval = scriptedApproval({ kind: 'allowed-always' })
    const { registry, warnings } = recordingRegistry(approval)
    registry.register(shellTool(runs))
    registry.use(permissions({ projectRoot: root, sources: settingsSources }))
    const { results } = await registry.executeBatch([
      call('shell', { command: 'wc -l a.txt' }),
      call('shell', { command: 'wc -l b.txt' }),
    ])
    expect(results.map((result) => result.isError)).toEqual([false, false])
    expect(approval.requests).toHaveLength(1)
    expect(runs).toEqual(['wc -l a.txt', 'wc -l b.txt'])
    await eventually(() => {
      expect(
        warnings.some((warning) => warning.includes('could not write the always-answer')),
      ).toBe(true)
    })
    expect((await registry.execute(call('shell', { command: 'wc -c c.txt' }))).isError).toBe(false)
    expect(approval.requests).toHaveLength(1)
  })

  it('write nothing for a command an ask rule matched, and say why', async () => {
    const { root, write } = project()
    write('.toolpipe/settings.local.json', { permissions: { ask: ['Bash(npm publish *)'] } })
    const approval = scriptedApproval({ kind: 'allowed-always' }, { kind: 'allowed-once' })
    const { registry, warnings } = recordingRegistry(approval)
    registry.register(shellTool([]))
    registry.use(permissions({ projectRoot: root, sources: settingsSources }))
    await registry.execute(call('shell', { command: 'npm publish' }))
    await eventually(() => {
      expect(warnings.join('\n')).toContain(
        '"npm publish": Bash(npm publish *) asks about it, so an allow rule could never apply',
      )
    })
    await registry.execute(call('shell', { command: 'npm publish' }))
    expect(approval.requests).toHaveLength(2)
    const file: unknown = JSON.parse(
      readFileSync(join(root, '.toolpipe/settings.local.json'), 'utf8'),
    )
    expect(file).toEqual({ permissions: { ask: ['Bash(npm publish *)'] } })
  })

  it('name the exact command of a program that destroys, and never a run-time word', async () => {
    const { root } = project()
    const approval = scriptedApproval(
      { kind: 'allowed-always' },
      { kind: 'allowed-always' },
      { kind: 'allowed-once' },
    )
    const { registry, warnings } = recordingRegistry(approval)
    registry.register(shellTool([]))
    registry.use(permissions({ projectRoot: root, sources: settingsSources }))
    await registry.execute(call('shell', { command: 'git push --force origin main' }))
    await registry.execute(call('shell', { command: 'cat $FILE' }))
    const local = join(root, '.toolpipe/settings.local.json')
    await eventually(() => {
      expect(JSON.parse(readFileSync(local, 'utf8'))).toEqual({
        permissions: { allow: ['Bash(git push --force origin main)'] },
      })
    })
    expect(warnings.join('\n')).toContain('is known only when it runs')
    // The exact rule allows only that command: another push asks.
    await registry.execute(call('shell', { command: 'git push --force origin dev' }))
    expect(approval.requests).toHaveLength(3)
  })
})

describe('permissions(): deciding calls from settings files', () => {
  const settingsSources = [
    { kind: 'project' as const, path: '.toolpipe/settings.json' },
    { kind: 'local' as const, path: '.toolpipe/settings.local.json' },
  ]

  it('asks with remember: false, and writes an allowed-always answer as a readable, generalised rule', async () => {
    const { root, write } = project()
    write('.toolpipe/settings.json', '{\n    "permissions": { "allow": ["Bash(npm test *)"] }\n}\n')
    const runs: string[] = []
    const approval = scriptedApproval({ kind: 'allowed-always' }, { kind: 'allowed-once' })
    const { registry } = recordingRegistry(approval)
    registry.register(shellTool(runs))
    const plugin = permissions({ projectRoot: root, sources: settingsSources })
    registry.use(plugin)
    expect(
      (await registry.execute(call('shell', { command: 'npm run lint -- --fix' }))).isError,
    ).toBe(false)
    expect(approval.requests).toHaveLength(1)
    expect(approval.requests[0]?.reason).toBe('no rule matched, default mode')
    const local = join(root, '.toolpipe/settings.local.json')
    await eventually(() => {
      expect(JSON.parse(readFileSync(local, 'utf8'))).toEqual({
        permissions: { allow: ['Bash(npm run lint *)'] },
      })
    })
    // The rule is in force: the same command with other arguments runs without asking …
    await eventually(async () => {
      expect((await plugin.explain(call('shell', { command: 'npm run lint' }))).decision).toBe(
        'allow',
      )
    })
    expect((await registry.execute(call('shell', { command: 'npm run lint src' }))).isError).toBe(
      false,
    )
    expect(approval.requests).toHaveLength(1)
    // … and the registry's per-tool memory did not remember the tool: another command still asks.
    expect((await registry.execute(call('shell', { command: 'make deploy' }))).isError).toBe(false)
    expect(approval.requests).toHaveLength(2)
    expect(runs).toEqual(['npm run lint -- --fix', 'npm run lint src', 'make deploy'])
    // The project file was not touched.
    expect(readFileSync(join(root, '.toolpipe/settings.json'), 'utf8')).toBe(
      '{\n    "permissions": { "allow": ["Bash(npm test *)"] }\n}\n',
    )
  })

  it('writes a rejected-always answer as a deny rule, one per simple command that asked', async () => {
    const { root } = project()
    const runs: string[] = []
    const approval = scriptedApproval({ kind: 'rejected-always', reason: 'no' })
    const { registry } = recordingRegistry(approval)
    registry.register(shellTool(runs))
    const plugin = permissions({
      projectRoot: root,
      sources: [{ kind: 'cli', settings: { permissions: { allow: ['Bash(git status)'] } } }],
    })
    registry.use(plugin)
    const result = await registry.execute(
      call('shell', { command: 'git status && git push origin main' }),
    )
    expect(result.error?.code).toBe('APPROVAL_REJECTED')
    const local = join(root, '.toolpipe/settings.local.json')
    await eventually(() => {
      expect(JSON.parse(readFileSync(local, 'utf8'))).toEqual({
        permissions: { deny: ['Bash(git push origin *)'] },
      })
    })
    await eventually(async () => {
      expect((await plugin.explain(call('shell', { command: 'git push origin dev' }))).reason).toBe(
        'denied by rule "Bash(git push origin *)" in .toolpipe/settings.local.json',
      )
    })
  })

  it('writes no rule for a line with anything no rule may allow, and says so', async () => {
    const { root } = project()
    const approval = scriptedApproval({ kind: 'allowed-always' })
    const { registry, warnings } = recordingRegistry(approval)
    registry.register(shellTool([]))
    registry.use(permissions({ projectRoot: root }))
    await registry.execute(call('shell', { command: 'echo $(whoami)' }))
    await eventually(() => {
      expect(
        warnings.some((warning) =>
          warning.includes('not written as a rule: the line holds a command substitution'),
        ),
      ).toBe(true)
    })
    expect(() => readFileSync(join(root, '.toolpipe/settings.local.json'))).toThrow()
  })
})
