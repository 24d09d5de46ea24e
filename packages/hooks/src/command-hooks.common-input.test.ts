import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Agent } from '@toolpipe/core'
import { permissions } from '@toolpipe/permissions'
import type { PolicyContext, ToolRegistry } from '@toolpipe/tools'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { logged } from './__fixtures__/harness-tools.js'
import { Project } from './__fixtures__/hook-harness.js'

// Claude Code's hooks reference, https://code.claude.com/docs/en/hooks ("Common input fields"):
// every hook is told `transcript_path` and `permission_mode` ("default", "plan", "acceptEdits",
// "dontAsk" or "bypassPermissions": the mode the session is in). SPEC §26: the mode comes from
// the permissions() plugin on the same registry when there is one; `transcriptPath` is an option.

let project: Project
beforeEach(() => {
  project = new Project()
})
afterEach(() => {
  project.remove()
})

const policy = (permissionMode: (agent?: Agent) => string | undefined): PolicyContext => ({
  projectRoot: '/',
  cwd: '/',
  permissionMode,
})

describe('permission_mode', () => {
  it('is the mode of the policy on the registry, read for each call, over the option', async () => {
    let mode = 'plan'
    const { told } = logged(project, {
      permissionMode: 'dontAsk',
      extraTools: (registry) => {
        registry.provide(
          'policy/context',
          policy((agent) => (agent?.id === 'agent-1' ? mode : undefined)),
        )
      },
    })
    expect((await told('Bash', { command: 'ls' }))?.permission_mode).toBe('plan')
    mode = 'acceptEdits'
    expect((await told('Bash', { command: 'ls' }))?.permission_mode).toBe('acceptEdits')
  })

  it('passes over policies that do not judge the agent or cannot say; then the option, then default', async () => {
    const policies = (registry: ToolRegistry) => {
      registry.provide(
        'policy/context',
        policy(() => {
          throw new Error('no mode here')
        }),
      )
      registry.provide(
        'policy/context',
        policy(() => undefined),
      )
    }
    const withOption = logged(project, {
      permissionMode: 'bypassPermissions',
      extraTools: policies,
    })
    expect((await withOption.told('Bash', { command: 'ls' }))?.permission_mode).toBe(
      'bypassPermissions',
    )
    withOption.dispose()
    const withNone = logged(project, { extraTools: policies })
    expect((await withNone.told('Bash', { command: 'ls' }))?.permission_mode).toBe('default')
    withNone.dispose()
    const third = logged(project, {
      extraTools: (registry) => {
        policies(registry)
        registry.provide(
          'policy/context',
          policy(() => 'plan'),
        )
      },
    })
    expect((await third.told('Bash', { command: 'ls' }))?.permission_mode).toBe('plan')
  })

  it('follows the defaultMode of a permissions() plugin’s settings file as it changes', async () => {
    mkdirSync(join(project.root, '.claude'))
    const settings = join(project.root, '.claude', 'settings.json')
    const write = (defaultMode: string) => {
      writeFileSync(settings, JSON.stringify({ permissions: { allow: ['Bash'], defaultMode } }))
    }
    write('acceptEdits')
    const rules = permissions({
      projectRoot: project.root,
      sources: [{ kind: 'project', path: settings }],
    })
    const { told } = logged(project, {
      extraTools: (registry) => {
        registry.use(rules)
      },
    })
    await rules.ready
    expect((await told('Bash', { command: 'ls' }))?.permission_mode).toBe('acceptEdits')
    write('plan')
    await expect
      .poll(async () => (await told('Bash', { command: 'ls' }))?.permission_mode, {
        timeout: 5_000,
      })
      .toBe('plan')
  })
})

describe('transcript_path', () => {
  it('is the transcriptPath option, after session_id as Claude Code sends it; absent without it', async () => {
    const transcriptPath = join(project.root, 'transcript.jsonl')
    const withPath = logged(project, { transcriptPath, sessionId: 's-1' })
    const input = await withPath.told('Bash', { command: 'ls' })
    expect(input?.transcript_path).toBe(transcriptPath)
    expect(Object.keys(input ?? {}).slice(0, 3)).toEqual(['session_id', 'transcript_path', 'cwd'])
    withPath.dispose()
    const without = logged(project)
    expect(Object.keys((await without.told('Bash', { command: 'ls' })) ?? {})).not.toContain(
      'transcript_path',
    )
  })
})
