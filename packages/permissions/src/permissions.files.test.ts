import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  call,
  eventually,
  plainTool,
  recordingRegistry,
  scratchProjects,
  scriptedApproval,
  settingsSources,
} from './__fixtures__/harness.js'
import { shellTool } from '@toolpipe/shell-tool'
import { permissions } from './permissions.js'

// Rule files read, watched, broken and fixed, created later; Gemini CLI policies beside them.

const project = scratchProjects()

describe('permissions(): deciding calls from settings files', () => {
  it('keeps the rules of a file that breaks, with one warning naming line and column, and applies the fixed file', async () => {
    const { root, write } = project()
    write('.toolpipe/settings.json', { permissions: { deny: ['Bash(rm *)'] } })
    const { registry, warnings } = recordingRegistry()
    registry.register(shellTool([]))
    const plugin = permissions({ projectRoot: root, sources: settingsSources })
    registry.use(plugin)
    write('.toolpipe/settings.json', '{\n  "permissions": {\n    "deny": ["Bash(rm *)",]\n  }\n}\n')
    await eventually(() => {
      expect(
        warnings.filter((warning) => warning.includes('.toolpipe/settings.json: line 3')),
      ).toHaveLength(1)
    })
    expect(warnings.find((warning) => warning.includes('line 3'))).toBe(
      'toolpipe: settings file .toolpipe/settings.json: line 3, column 27: ValueExpected; its previous content stays in force',
    )
    expect((await plugin.explain(call('shell', { command: 'rm x' }))).decision).toBe('deny')
    write('.toolpipe/settings.json', { permissions: { deny: ['Bash(curl *)'] } })
    await eventually(async () => {
      expect((await plugin.explain(call('shell', { command: 'rm x' }))).decision).toBe('ask')
    })
    expect((await plugin.explain(call('shell', { command: 'curl x' }))).decision).toBe('deny')
  })

  it('judges a tool matched by name only again when the rules change, and by its arguments once a parameter rule names it', async () => {
    const { root, write } = project()
    write('.toolpipe/settings.json', { permissions: { allow: ['deploy'] } })
    const approval = scriptedApproval({ kind: 'rejected', reason: 'not now' })
    const { registry, decisions } = recordingRegistry(approval)
    registry.register(plainTool('deploy'))
    const plugin = permissions({ projectRoot: root, sources: settingsSources })
    registry.use(plugin)
    await plugin.ready
    const allowedBy = {
      stage: 'rule',
      outcome: 'allow',
      source: { kind: 'permissions', id: 'deploy', path: join(root, '.toolpipe/settings.json') },
      reason: 'allowed by rule "deploy" in .toolpipe/settings.json',
    }
    expect((await registry.execute(call('deploy', { env: 'prod' }))).isError).toBe(false)
    expect((await registry.execute(call('deploy', { env: 'dev' }))).isError).toBe(false)
    expect(decisions).toEqual([allowedBy, allowedBy])
    write('.toolpipe/settings.json', {
      permissions: { allow: ['deploy'], deny: ['deploy(env:prod)'] },
    })
    await eventually(async () => {
      const result = await registry.execute(call('deploy', { env: 'prod' }))
      expect(result).toMatchObject({ isError: true, error: { code: 'POLICY_DENIED' } })
    })
    expect((await registry.execute(call('deploy', { env: 'dev' }))).isError).toBe(false)
    expect(await registry.execute(call('deploy', { env: 'prod' }))).toMatchObject({
      isError: true,
      error: { code: 'POLICY_DENIED' },
    })
    write('.toolpipe/settings.json', { permissions: { deny: ['Bash(rm *)'] } })
    await eventually(async () => {
      const result = await registry.execute(call('deploy', { env: 'dev' }))
      expect(result).toMatchObject({ isError: true, error: { code: 'APPROVAL_REJECTED' } })
    })
    expect(approval.requests).toHaveLength(1)
  })

  it('reads a missing file as an empty source, and a file created later', async () => {
    const { root, write } = project()
    const { registry } = recordingRegistry()
    registry.register(shellTool([]))
    const plugin = permissions({ projectRoot: root, sources: settingsSources })
    registry.use(plugin)
    expect((await plugin.explain(call('shell', { command: 'ls' }))).decision).toBe('ask')
    write('.toolpipe/settings.json', { permissions: { allow: ['Bash(ls *)'] } })
    await eventually(async () => {
      expect((await plugin.explain(call('shell', { command: 'ls -la' }))).decision).toBe('allow')
    })
  })

  it('reads Gemini CLI policy files beside settings, the stricter decision winning', async () => {
    const { root, write } = project()
    write(
      '.gemini/policies/team.toml',
      '[[rule]]\ntoolName = "Bash"\ncommandPrefix = "git"\ndecision = "allow"\npriority = 100\n\n[[rule]]\ntoolName = "Bash"\ncommandPrefix = "git push"\ndecision = "deny"\npriority = 200\ndenyMessage = "pushes go through CI"\n',
    )
    write('.toolpipe/settings.json', { permissions: { ask: ['Bash(git commit *)'] } })
    const { registry } = recordingRegistry()
    registry.register(shellTool([]))
    const plugin = permissions({
      projectRoot: root,
      sources: [...settingsSources, { kind: 'project', path: '.gemini/policies/team.toml' }],
    })
    registry.use(plugin)
    expect((await plugin.explain(call('shell', { command: 'git status' }))).decision).toBe('allow')
    expect((await plugin.explain(call('shell', { command: 'git commit -m x' }))).decision).toBe(
      'ask',
    )
    const push = await plugin.explain(call('shell', { command: 'git push origin main' }))
    expect(push.decision).toBe('deny')
    expect(push.reason).toContain('in .gemini/policies/team.toml: pushes go through CI')
  })

  it('stops watching when disposed, and can be installed again', async () => {
    const { root, write } = project()
    const { registry } = recordingRegistry()
    registry.register(plainTool('deploy'))
    const plugin = permissions({ projectRoot: root, sources: settingsSources })
    const dispose = registry.use(plugin)
    write('.toolpipe/settings.json', { permissions: { deny: ['deploy'] } })
    await eventually(() => {
      expect(registry.get('deploy')).toBeUndefined()
    })
    dispose()
    expect(registry.get('deploy')).toBeDefined()
    registry.use(plugin)
    expect(registry.get('deploy')).toBeUndefined()
  })
})
