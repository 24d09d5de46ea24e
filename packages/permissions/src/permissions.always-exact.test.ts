import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ToolDefinition } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import {
  call,
  eventually,
  plainTool,
  recordingRegistry,
  scratchProjects,
  scriptedApproval,
} from './__fixtures__/harness.js'
import { shellTool } from '@toolpipe/shell-tool'
import { permissions } from './permissions.js'

/** SPEC §26's always-answers, through the plugin on a registry: what they must not write. */
const project = scratchProjects()
const local = [{ kind: 'local' as const, path: '.toolpipe/settings.local.json' }]

describe('an allowed-always answer to a git push (SPEC §26)', () => {
  it.each(['git push origin main', 'git push origin +main'])(
    'to %j is its exact command, so a later force push still asks',
    async (line) => {
      const { root } = project()
      const approval = scriptedApproval({ kind: 'allowed-always' })
      const { registry } = recordingRegistry(approval)
      registry.register(shellTool([]))
      const plugin = permissions({ projectRoot: root, sources: local })
      registry.use(plugin)
      await registry.execute(call('shell', { command: line }))
      await eventually(() => {
        const file: unknown = JSON.parse(
          readFileSync(join(root, '.toolpipe/settings.local.json'), 'utf8'),
        )
        expect(file).toEqual({ permissions: { allow: [`Bash(${line})`] } })
      })
      expect((await plugin.explain(call('shell', { command: line }))).decision).toBe('allow')
      for (const force of ['git push origin --force main', 'git push --force origin main']) {
        expect((await plugin.explain(call('shell', { command: force }))).decision).toBe('ask')
      }
    },
  )
})

/** A tool of `ruleName` whose subjects are `subjects(args)`. */
function toolOf(name: string, ruleName: string, subjects?: ToolDefinition['permissions']) {
  return plainTool(name, { permissions: { ruleName, ...subjects } })
}

describe('an allowed-always answer the rules could never apply (SPEC §26)', () => {
  it.each([
    ['a tool matched by name', toolOf('deploy', 'deploy'), {}, 'deploy', '"deploy": deploy'],
    [
      'a file read',
      toolOf('read', 'Read', { subjects: () => [{ kind: 'read', path: 'src/a.ts' }] }),
      {},
      'Read(src/**)',
      '"src/a.ts": Read(src/**)',
    ],
    [
      'a URL fetched',
      toolOf('fetch', 'WebFetch', { subjects: () => [{ kind: 'fetch', url: 'https://a.io/' }] }),
      {},
      'WebFetch(domain:a.io)',
      '"https://a.io/": WebFetch(domain:a.io)',
    ],
  ])('is not written for %s an ask rule matched, and says so', async (_, tool, args, ask, why) => {
    const { root } = project()
    const approval = scriptedApproval({ kind: 'allowed-always' }, { kind: 'allowed-once' })
    const { registry, warnings } = recordingRegistry(approval)
    registry.register(tool)
    const cli = { kind: 'cli' as const, settings: { permissions: { ask: [ask] } } }
    registry.use(permissions({ projectRoot: root, sources: [cli, ...local] }))
    expect((await registry.execute(call(tool.name, args))).isError).toBe(false)
    expect(warnings).toEqual([
      expect.stringContaining(`${why} asks about it, so an allow rule could never apply`),
    ])
    // Nothing in force, nothing written: the next call asks again.
    expect((await registry.execute(call(tool.name, args))).isError).toBe(false)
    expect(approval.requests).toHaveLength(2)
    expect(existsSync(join(root, '.toolpipe/settings.local.json'))).toBe(false)
  })

  it('is not written for a call whose subjects could not be read: the name would allow every call', async () => {
    const { root } = project()
    const approval = scriptedApproval({ kind: 'allowed-always' }, { kind: 'allowed-once' })
    const { registry, warnings } = recordingRegistry(approval)
    const subjects = () => {
      throw new Error('boom')
    }
    registry.register(toolOf('shell', 'Bash', { subjects }))
    registry.use(permissions({ projectRoot: root, sources: local }))
    await registry.execute(call('shell', { command: 'rm -rf /' }))
    expect(warnings.join('\n')).toContain('so a rule for it would stand for every call of Bash')
    await registry.execute(call('shell', { command: 'rm -rf /' }))
    expect(approval.requests).toHaveLength(2)
    expect(existsSync(join(root, '.toolpipe/settings.local.json'))).toBe(false)
  })
})
