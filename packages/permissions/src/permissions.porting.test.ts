import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ToolDefinition } from '@toolpipe/tools'
import {
  alice,
  call,
  eventually,
  plainTool,
  recordingRegistry,
  scratchProjects,
  scriptedApproval,
  text,
} from './__fixtures__/harness.js'
import { shellTool } from '@toolpipe/shell-tool'
import { jsonlAuditLog } from './jsonl-audit-log.js'
import { permissions } from './permissions.js'

/** SPEC §26 "Porting": settings and policies of Claude Code and Gemini CLI work unchanged. */
const project = scratchProjects()
const claudeSettings = [{ kind: 'project' as const, path: '.claude/settings.json' }]

/** A read-only tool with a `read` subject, as Claude Code's Read tool (and Gemini's read_file). */
function readTool(ruleName: string, runs: string[]): ToolDefinition {
  return {
    name: 'read',
    description: 'reads a file',
    parameters: { type: 'object', properties: { path: { type: 'string' } } },
    annotations: { readOnly: true },
    permissions: {
      ruleName,
      subjects: (args) => [{ kind: 'read', path: (args as { path: string }).path }],
    },
    execute: (args) => {
      runs.push((args as { path: string }).path)
      return Promise.resolve([text('contents')])
    },
  }
}

describe('rule names of either family (SPEC §26)', () => {
  it('Claude Code rules match a tool named as Gemini CLI names it, and the other way round', async () => {
    const { root, write } = project()
    write('.claude/settings.json', { permissions: { deny: ['Bash(rm *)'], allow: ['Bash(ls *)'] } })
    write(
      '.gemini/policies/p.toml',
      '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "curl"\ndecision = "deny"\npriority = 100\n',
    )
    for (const ruleName of ['Bash', 'run_shell_command']) {
      const { registry } = recordingRegistry()
      registry.register({
        ...shellTool([]),
        permissions: { ...shellTool([]).permissions, ruleName },
      })
      const plugin = permissions({
        projectRoot: root,
        sources: [...claudeSettings, { kind: 'project', path: '.gemini/policies/p.toml' }],
      })
      registry.use(plugin)
      await plugin.ready
      const decide = async (command: string) =>
        (await plugin.explain(call('shell', { command }))).decision
      expect(await decide('rm -rf x')).toBe('deny')
      expect(await decide('curl x.example')).toBe('deny')
      expect(await decide('ls -la')).toBe('allow')
    }
  })

  it('a bare deny in the other family hides the tool', async () => {
    const { root, write } = project()
    write('.claude/settings.json', { permissions: { deny: ['read_file'] } })
    const { registry } = recordingRegistry()
    registry.register(readTool('Read', []))
    const plugin = permissions({ projectRoot: root, sources: claudeSettings })
    registry.use(plugin)
    await plugin.ready
    expect(registry.get('read')).toBeUndefined()
  })

  it('lints names no tool has, in either family, when the rules are ready (before any call)', async () => {
    const { root, write } = project()
    write('.claude/settings.json', { permissions: { allow: ['Bsh(ls *)', 'Bash(ls *)'] } })
    write(
      '.gemini/policies/p.toml',
      '[[rule]]\ntoolName = "run_shel_command"\ndecision = "allow"\npriority = 1\n',
    )
    const { registry, warnings } = recordingRegistry()
    registry.register(shellTool([]))
    const plugin = permissions({
      projectRoot: root,
      sources: [...claudeSettings, { kind: 'project', path: '.gemini/policies/p.toml' }],
    })
    registry.use(plugin)
    await plugin.ready
    await eventually(() => {
      expect(warnings).toEqual(
        expect.arrayContaining([
          'toolpipe: .claude/settings.json permissions.allow[0] "Bsh(ls *)": no tool is named "Bsh"; it matches nothing until one is',
          'toolpipe: .gemini/policies/p.toml [[rule]] 0: toolName="run_shel_command" decision="allow": no tool is named "run_shel_command"; it matches nothing until one is',
        ]),
      )
    })
    expect(warnings.join('\n')).not.toContain('"Bash(ls *)"')
  })
})

describe('reads in the default mode (SPEC §26: read-only needs no approval)', () => {
  it('allows a read-only tool reading inside the working directories, resolved through links', async () => {
    const { root, write } = project()
    write('src/app.ts', 'x')
    mkdirSync(join(root, '..', 'outside-' + root.slice(-6)), { recursive: true })
    const outside = join(root, '..', 'outside-' + root.slice(-6))
    writeFileSync(join(outside, 'secret'), 's')
    symlinkSync(outside, join(root, 'escape'))
    const runs: string[] = []
    const approval = scriptedApproval({ kind: 'rejected' }, { kind: 'rejected' })
    const { registry } = recordingRegistry(approval)
    registry.register(readTool('Read', runs))
    registry.use(permissions({ projectRoot: root }))
    expect((await registry.execute(call('read', { path: 'src/app.ts' }))).isError).toBe(false)
    expect((await registry.execute(call('read', { path: 'escape/secret' }))).isError).toBe(true)
    expect((await registry.execute(call('read', { path: '/etc/hostname' }))).isError).toBe(true)
    expect(runs).toEqual(['src/app.ts'])
    expect(approval.requests).toHaveLength(2)
  })

  it('still asks for a tool that is not read-only, and obeys Read deny rules', async () => {
    const { root, write } = project()
    write('.claude/settings.json', { permissions: { deny: ['Read(.env)'] } })
    const approval = scriptedApproval({ kind: 'rejected' })
    const { registry } = recordingRegistry(approval)
    registry.register(readTool('Read', []))
    registry.register({ ...readTool('Read', []), name: 'cat', annotations: {} })
    const plugin = permissions({ projectRoot: root, sources: claudeSettings })
    registry.use(plugin)
    await plugin.ready
    expect((await plugin.explain(call('read', { path: '.env' }))).decision).toBe('deny')
    expect((await plugin.explain(call('cat', { path: 'src/a.ts' }))).decision).toBe('ask')
  })
})

describe('plugins beside the rules (SPEC §26)', () => {
  it('tell them the project root and the mode in force for a call', async () => {
    const { root, write } = project()
    write('.claude/settings.json', { permissions: { defaultMode: 'acceptEdits' } })
    const { registry } = recordingRegistry()
    const plugin = permissions({ projectRoot: root, sources: claudeSettings })
    const dispose = registry.use(plugin)
    await plugin.ready
    const [context] = registry.provided('policy/context')
    expect(context?.projectRoot).toBe(root)
    expect(context?.permissionMode(alice)).toBe('acceptEdits')
    dispose()
    expect(registry.provided('policy/context')).toEqual([])
  })

  it('an audit log with a relative path writes under the project root, not the working directory', async () => {
    const { root } = project()
    const { registry } = recordingRegistry()
    registry.register(plainTool('status'))
    registry.use(jsonlAuditLog('.toolpipe/audit.jsonl'))
    registry.use(
      permissions({
        projectRoot: root,
        sources: [{ kind: 'cli', settings: { permissions: { allow: ['status'] } } }],
      }),
    )
    await registry.execute(call('status'))
    await eventually(() => {
      const lines = readFileSync(join(root, '.toolpipe/audit.jsonl'), 'utf8').trim().split('\n')
      expect(lines).toHaveLength(1)
    })
  })
})
