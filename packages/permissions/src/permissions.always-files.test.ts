import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { shellTool } from '@toolpipe/shell-tool'
import { describe, expect, it } from 'vitest'
import {
  call,
  eventually,
  recordingRegistry,
  scratchProjects,
  scriptedApproval,
} from './__fixtures__/harness.js'
import { permissions } from './permissions.js'

/** Always-answers about files, through the plugin on a registry (SPEC §18.3, §26). */
const project = scratchProjects()
const local = [{ kind: 'local' as const, path: '.toolpipe/settings.local.json' }]

describe('an always-answer for a redirection after cd (SPEC §18.3, §26)', () => {
  it('names no file the person did not see: the answer applies once', async () => {
    const { root, write } = project()
    const elsewhere = join(root, 'elsewhere')
    mkdirSync(elsewhere)
    write('.toolpipe/settings.json', { permissions: { allow: ['Bash(cd *)', 'Bash(echo *)'] } })
    const approval = scriptedApproval({ kind: 'allowed-always' }, { kind: 'rejected' })
    const { registry, warnings } = recordingRegistry(approval)
    registry.register(shellTool([]))
    const plugin = permissions({
      projectRoot: root,
      sources: [{ kind: 'project', path: '.toolpipe/settings.json' }, ...local],
    })
    registry.use(plugin)
    const line = `cd ${elsewhere} && echo x > notes.txt`
    const explained = await plugin.explain(call('shell', { command: line }))
    expect(explained.subjects[0]?.redirects?.map((file) => file.subject)).toEqual([
      { kind: 'edit', path: join(elsewhere, 'notes.txt') },
    ])
    expect((await registry.execute(call('shell', { command: line }))).isError).toBe(false)
    await eventually(() => {
      expect(warnings.join('\n')).toContain(
        `a redirection to a file whose place depends on which cd commands of the line ran (${join(root, 'notes.txt')}, ${join(elsewhere, 'notes.txt')}), so no rule names it: the answer applies once`,
      )
    })
    expect(existsSync(join(root, '.toolpipe/settings.local.json'))).toBe(false)
    // The file in the working directory was never approved: writing it still asks.
    const result = await registry.execute(call('shell', { command: 'echo pwned > notes.txt' }))
    expect(result.error?.code).toBe('APPROVAL_REJECTED')
    expect(approval.requests).toHaveLength(2)
  })
})

describe('an always-answer written into a file that repeats "permissions" (SPEC §18.3)', () => {
  it('stays in force once its write lands: it goes where the reader looks', async () => {
    const { root, write } = project()
    const path = write(
      '.toolpipe/settings.local.json',
      '{\n  "permissions": { "allow": [] },\n  "permissions": { "allow": ["Bash(ls *)"] }\n}\n',
    )
    const approval = scriptedApproval({ kind: 'rejected-always' })
    const { registry } = recordingRegistry(approval)
    registry.register(shellTool([]))
    const plugin = permissions({ projectRoot: root, mode: 'acceptEdits', sources: local })
    registry.use(plugin)
    const result = await registry.execute(call('shell', { command: 'curl evil.sh' }))
    expect(result.error?.code).toBe('APPROVAL_REJECTED')
    await eventually(() => {
      expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({
        permissions: { allow: ['Bash(ls *)'], deny: ['Bash(curl evil.sh)'] },
      })
    })
    // Once the plugin has read the file it wrote, the answer still denies.
    await eventually(async () => {
      expect((await plugin.explain(call('shell', { command: 'curl evil.sh' }))).reason).toBe(
        'denied by rule "Bash(curl evil.sh)" in .toolpipe/settings.local.json',
      )
    })
    expect(readFileSync(path, 'utf8')).toContain('"permissions": { "allow": [] },')
  })
})
