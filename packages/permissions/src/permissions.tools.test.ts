import { describe, expect, it, vi } from 'vitest'
import {
  call,
  eventually,
  plainTool,
  recordingRegistry,
  scratchProjects,
  settingsSources,
} from './__fixtures__/harness.js'
import { shellTool } from '@toolpipe/shell-tool'
import { permissions } from './permissions.js'

// How rules see tools: hidden by a bare deny, linted, their subjects and the tools option.

const project = scratchProjects()

describe('permissions(): deciding calls from settings files', () => {
  it('hides a tool a bare deny names, and shows it again when the rule goes', async () => {
    const { root, write } = project()
    const file = write('.toolpipe/settings.json', { permissions: { deny: ['deploy'] } })
    const { registry, warnings } = recordingRegistry()
    registry.register(plainTool('deploy'))
    registry.register(plainTool('status'))
    const changes = vi.fn()
    registry.on('tools/change', changes)
    const plugin = permissions({ projectRoot: root, sources: settingsSources })
    registry.use(plugin)
    await plugin.ready
    // The deny names a registered tool, hidden or not: nothing to report.
    expect(warnings.filter((warning) => warning.includes('deploy'))).toEqual([])
    expect(registry.get('deploy')).toBeUndefined()
    expect(registry.list().map((tool) => tool.name)).toEqual(['status'])
    expect(registry.schemas().map((tool) => tool.name)).toEqual(['status'])
    expect((await registry.execute(call('deploy'))).error?.code).toBe('UNKNOWN_TOOL')
    const before = changes.mock.calls.length
    expect(write('.toolpipe/settings.json', { permissions: { deny: [] } })).toBe(file)
    await eventually(() => {
      expect(registry.get('deploy')).toBeDefined()
    })
    expect(changes.mock.calls.length).toBeGreaterThan(before)
  })

  // SPEC §18.5: `explain(input)` → "the decision a call would get and why"; a hidden tool's call
  // is refused (UNKNOWN_TOOL), by the bare deny that hides it.
  it('explains a call of a tool a bare deny hides as that deny, by the tool’s own rule name', async () => {
    const { root, write } = project()
    write('.toolpipe/settings.json', { permissions: { deny: ['Bash'] } })
    const { registry } = recordingRegistry()
    registry.register(shellTool([]))
    const plugin = permissions({ projectRoot: root, sources: settingsSources })
    registry.use(plugin)
    await plugin.ready
    expect(registry.get('shell')).toBeUndefined()
    const explanation = await plugin.explain(call('shell', { command: 'ls' }))
    expect(explanation).toMatchObject({ decision: 'deny', rule: { text: 'Bash', list: 'deny' } })
    expect((await registry.execute(call('shell', { command: 'ls' }))).error?.code).toBe(
      'UNKNOWN_TOOL',
    )
  })

  it('reports malformed rules and rules naming no tool with file and index, and ignores them', async () => {
    const { root, write } = project()
    write('.toolpipe/settings.json', {
      permissions: {
        allow: ['Bash(npm test *)', 'Bash(', 42, 'Lint(src/**)', 'deploy(env:prod)', 'Nope'],
        deny: ['WebFetch(example.com)'],
      },
    })
    const { registry, warnings } = recordingRegistry()
    registry.register(shellTool([]))
    registry.register(plainTool('Lint'))
    registry.register(plainTool('deploy'))
    const plugin = permissions({ projectRoot: root, sources: settingsSources })
    registry.use(plugin)
    await registry.execute(call('shell', { command: 'npm test' }))
    expect(warnings).toEqual(
      expect.arrayContaining([
        'toolpipe: .toolpipe/settings.json permissions.allow[1]: "Bash(": the specifier must end with ")"; ignored',
        'toolpipe: .toolpipe/settings.json permissions.allow[2]: a rule must be a string, got number; ignored',
        'toolpipe: .toolpipe/settings.json permissions.deny[0]: "WebFetch(example.com)": a WebFetch rule is WebFetch(domain:example.com); ignored',
        expect.stringContaining('permissions.allow[3] "Lint(src/**)": "Lint" has no subjects'),
        expect.stringContaining(
          'permissions.allow[4] "deploy(env:prod)": a Name(param:value) rule applies on deny and ask only',
        ),
        expect.stringContaining('permissions.allow[5] "Nope": no tool is named "Nope"'),
      ]),
    )
    expect((await plugin.explain(call('deploy', {}))).decision).toBe('ask')
  })

  it('asks, never allows, when a tool’s subjects() throws or gives something that is not a subject', async () => {
    const { root } = project()
    const { registry } = recordingRegistry()
    registry.register(
      plainTool('broken', {
        permissions: {
          subjects: () => {
            throw new Error('boom')
          },
        },
      }),
    )
    registry.register(
      plainTool('odd', { permissions: { subjects: () => [{ kind: 'file', path: 'x' }] as never } }),
    )
    const plugin = permissions({
      projectRoot: root,
      sources: [{ kind: 'cli', settings: { permissions: { allow: ['broken', 'odd'] } } }],
    })
    registry.use(plugin)
    expect(await plugin.explain(call('broken'))).toMatchObject({
      decision: 'ask',
      reason: "the tool's subjects() failed: boom",
    })
    expect(await plugin.explain(call('odd'))).toMatchObject({
      decision: 'ask',
      reason: "the tool's subjects()[0] has an unknown kind",
    })
  })

  it('takes how rules see a tool from the tools option over the definition', async () => {
    const { root } = project()
    const { registry } = recordingRegistry()
    registry.register(plainTool('run'))
    const plugin = permissions({
      projectRoot: root,
      sources: [{ kind: 'cli', settings: { permissions: { deny: ['Bash(rm *)'] } } }],
      tools: {
        run: {
          ruleName: 'Bash',
          subjects: (args) => [
            { kind: 'command', command: String((args as { line?: string }).line) },
          ],
        },
      },
    })
    registry.use(plugin)
    expect((await plugin.explain(call('run', { line: 'rm x' }))).decision).toBe('deny')
  })
})
