import { describe, expect, it } from 'vitest'
import {
  alice,
  call,
  plainTool,
  recordingRegistry,
  scratchProjects,
  settingsSources,
} from './__fixtures__/harness.js'
import { shellTool } from '@toolpipe/shell-tool'
import { permissions } from './permissions.js'

// Sources by precedence, the mode in force, what each mode decides, a plugin bound to a scope.

const project = scratchProjects()

describe('permissions(): deciding calls from settings files', () => {
  it('takes sources by precedence: managed may allow only its rules and forbid bypassPermissions', async () => {
    const { root, write } = project()
    write('managed.json', {
      permissions: { deny: ['Bash(curl *)'], disableBypassPermissionsMode: 'disable' },
      allowManagedPermissionRulesOnly: true,
    })
    write('.toolpipe/settings.json', {
      permissions: { allow: ['Bash(ls *)'], defaultMode: 'bypassPermissions' },
    })
    const { registry, warnings } = recordingRegistry()
    registry.register(shellTool([]))
    const plugin = permissions({
      projectRoot: root,
      sources: [...settingsSources, { kind: 'managed', path: 'managed.json' }],
    })
    registry.use(plugin)
    const ls = await plugin.explain(call('shell', { command: 'ls' }))
    expect(ls).toMatchObject({ decision: 'ask', mode: 'default' })
    expect((await plugin.explain(call('shell', { command: 'curl x' }))).decision).toBe('deny')
    expect(warnings).toContain(
      'toolpipe: a managed source disables bypassPermissions; the default mode applies',
    )
  })

  it('uses the highest source’s defaultMode, and the mode option over it', async () => {
    const { root, write } = project()
    write('.toolpipe/settings.local.json', { permissions: { defaultMode: 'dontAsk' } })
    write('.toolpipe/settings.json', { permissions: { defaultMode: 'bypassPermissions' } })
    const { registry } = recordingRegistry()
    registry.register(shellTool([]))
    const fromFiles = permissions({ projectRoot: root, sources: settingsSources })
    expect(await fromFiles.explain(call('shell', { command: 'make' }))).toMatchObject({
      decision: 'deny',
      mode: 'dontAsk',
    })
    const overridden = permissions({
      projectRoot: root,
      sources: settingsSources,
      mode: 'bypassPermissions',
    })
    expect(await overridden.explain(call('shell', { command: 'make' }))).toMatchObject({
      decision: 'allow',
      mode: 'bypassPermissions',
    })
  })

  it('in plan mode runs only read-only tools; in acceptEdits allows edits inside the working directories', async () => {
    const { root } = project()
    const { registry } = recordingRegistry()
    registry.register(plainTool('look', { annotations: { readOnly: true } }))
    registry.register(
      plainTool('write', {
        permissions: {
          subjects: (args) => [{ kind: 'edit', path: (args as { path: string }).path }],
        },
      }),
    )
    const plan = permissions({ projectRoot: root, mode: 'plan' })
    registry.use(plan)
    expect((await plan.explain(call('look'))).decision).toBe('allow')
    expect((await plan.explain(call('write', { path: 'a.ts' }))).decision).toBe('deny')
    const other = recordingRegistry().registry
    other.register(
      plainTool('write', {
        permissions: {
          subjects: (args) => [{ kind: 'edit', path: (args as { path: string }).path }],
        },
      }),
    )
    const edits = permissions({
      projectRoot: root,
      mode: 'acceptEdits',
      sources: [
        { kind: 'cli', settings: { permissions: { additionalDirectories: ['../sibling'] } } },
      ],
    })
    other.use(edits)
    expect((await edits.explain(call('write', { path: 'src/a.ts' }))).decision).toBe('allow')
    expect((await edits.explain(call('write', { path: '../sibling/b.ts' }))).decision).toBe('allow')
    expect((await edits.explain(call('write', { path: '/etc/hosts' }))).decision).toBe('ask')
  })

  it('bound to a scope, decides only that agent’s calls and hides tools from its view only', async () => {
    const { root } = project()
    const bob = { id: 'bob' }
    const { registry } = recordingRegistry()
    registry.register(plainTool('deploy'))
    registry.use(
      permissions({
        projectRoot: root,
        scope: bob,
        sources: [{ kind: 'cli', settings: { permissions: { deny: ['deploy'] } } }],
      }),
    )
    expect(registry.get('deploy', bob)).toBeUndefined()
    expect(registry.get('deploy', alice)).toBeDefined()
    expect((await registry.execute(call('deploy', {}, { agent: alice }))).isError).toBe(false)
  })

  it('bound to a scope, explains another agent’s call as not judged: what the call gets', async () => {
    const { root } = project()
    const bob = { id: 'bob' }
    const { registry, decisions } = recordingRegistry()
    registry.register(plainTool('deploy'))
    const rules = permissions({
      projectRoot: root,
      scope: bob,
      mode: 'dontAsk',
      sources: [{ kind: 'cli', settings: { permissions: { deny: ['Bash(rm *)'] } } }],
    })
    registry.use(rules)
    expect(await rules.explain(call('deploy', {}, { agent: alice }))).toEqual({
      decision: 'allow',
      basis: 'out-of-scope',
      mode: 'dontAsk',
      reason: "not judged: the call is not of this plugin's scope",
      subjects: [],
    })
    expect((await registry.execute(call('deploy', {}, { agent: alice }))).isError).toBe(false)
    expect(decisions).toEqual([])
    // Bob's call is judged: dontAsk denies what would ask.
    expect(await rules.explain(call('deploy', {}, { agent: bob }))).toMatchObject({
      decision: 'deny',
      basis: 'mode',
    })
  })
})
