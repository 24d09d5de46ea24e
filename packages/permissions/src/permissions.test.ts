import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  call,
  recordingRegistry,
  scratchProjects,
  scriptedApproval,
  settingsSources,
} from './__fixtures__/harness.js'
import { shellTool } from '@toolpipe/shell-tool'
import { permissions } from './permissions.js'
import { PermissionsError } from './permissions-error.js'

// The plugin on a registry: deciding by rule, explaining, around the hooks, refusing options.

const project = scratchProjects()

describe('permissions(): deciding calls from settings files', () => {
  it('denies by rule with POLICY_DENIED, naming the rule and its file, and never runs the tool', async () => {
    const { root, write } = project()
    write('.toolpipe/settings.json', {
      permissions: { deny: ['Bash(rm *)'], allow: ['Bash(npm test *)'] },
    })
    const runs: string[] = []
    const { registry, decisions } = recordingRegistry()
    registry.register(shellTool(runs))
    const plugin = permissions({ projectRoot: root, sources: settingsSources })
    registry.use(plugin)
    await plugin.ready
    const result = await registry.execute(call('shell', { command: 'npm test && rm -rf dist' }))
    expect(result).toEqual({
      content: [
        { type: 'text', text: 'Error: denied by rule "Bash(rm *)" in .toolpipe/settings.json' },
      ],
      isError: true,
      error: { name: 'ToolDeniedError', code: 'POLICY_DENIED' },
    })
    expect(runs).toEqual([])
    expect(decisions[0]).toEqual({
      stage: 'rule',
      outcome: 'deny',
      source: {
        kind: 'permissions',
        id: 'Bash(rm *)',
        path: join(root, '.toolpipe/settings.json'),
      },
      reason: 'denied by rule "Bash(rm *)" in .toolpipe/settings.json',
    })
  })

  it('allows by rule without asking, and records the rule that allowed', async () => {
    const { root, write } = project()
    write('.toolpipe/settings.json', { permissions: { allow: ['Bash(npm test *)'] } })
    const runs: string[] = []
    const approval = scriptedApproval()
    const { registry, decisions } = recordingRegistry(approval)
    registry.register(shellTool(runs))
    registry.use(permissions({ projectRoot: root, sources: settingsSources }))
    const result = await registry.execute(
      call('shell', { command: 'timeout 30 npm test -- --watch=false' }),
    )
    expect(result.isError).toBe(false)
    expect(runs).toEqual(['timeout 30 npm test -- --watch=false'])
    expect(approval.requests).toEqual([])
    expect(decisions).toEqual([
      {
        stage: 'rule',
        outcome: 'allow',
        source: {
          kind: 'permissions',
          id: 'Bash(npm test *)',
          path: join(root, '.toolpipe/settings.json'),
        },
        reason: 'allowed by rule "Bash(npm test *)" in .toolpipe/settings.json',
      },
    ])
  })

  it('explains a call: the rule and file that decided, each subject and each simple command', async () => {
    const { root, write } = project()
    write('.toolpipe/settings.json', {
      permissions: { allow: ['Bash(git status)'], deny: ['Bash(rm *)'] },
    })
    const { registry } = recordingRegistry()
    registry.register(shellTool([]))
    const plugin = permissions({ projectRoot: root, sources: settingsSources })
    registry.use(plugin)
    const explanation = await plugin.explain(
      call('shell', { command: 'git status; rm -rf build > log.txt' }),
    )
    const rule = {
      text: 'Bash(rm *)',
      source: { kind: 'project', path: join(root, '.toolpipe/settings.json') },
      list: 'deny',
      index: 0,
    }
    expect(explanation).toEqual({
      decision: 'deny',
      basis: 'rule',
      mode: 'default',
      rule,
      reason: 'denied by rule "Bash(rm *)" in .toolpipe/settings.json',
      subjects: [
        {
          subject: { kind: 'command', command: 'git status; rm -rf build > log.txt' },
          decision: 'deny',
          basis: 'rule',
          rule,
          reason: 'denied by rule "Bash(rm *)" in .toolpipe/settings.json',
          commands: [
            {
              command: 'git status',
              decision: 'allow',
              basis: 'rule',
              rule: { text: 'Bash(git status)', source: rule.source, list: 'allow', index: 0 },
              reason: 'allowed by rule "Bash(git status)" in .toolpipe/settings.json',
            },
            {
              command: 'rm -rf build',
              decision: 'deny',
              basis: 'rule',
              rule,
              reason: 'denied by rule "Bash(rm *)" in .toolpipe/settings.json',
            },
          ],
          // SPEC §18.3: one entry per subject; a redirection's file is inside its command's.
          redirects: [
            {
              subject: { kind: 'edit', path: join(root, 'log.txt') },
              decision: 'ask',
              basis: 'mode',
              reason: 'no rule matched, default mode',
            },
          ],
        },
      ],
    })
  })

  it('checks its rules against a later listener’s edited arguments and returns the stricter decision', async () => {
    const { root } = project()
    const runs: string[] = []
    const approval = scriptedApproval({ kind: 'allowed-once' })
    const { registry } = recordingRegistry(approval)
    registry.register(shellTool(runs))
    registry.use(
      permissions({
        projectRoot: root,
        sources: [
          {
            kind: 'cli',
            settings: {
              permissions: { allow: ['Bash(ls *)', 'Bash(echo *)'], deny: ['Bash(rm *)'] },
            },
          },
        ],
      }),
    )
    // A hook-like listener registered after: the inner one. It rewrites, allows, or asks.
    registry.on('tools/pre-execute', (exec) => {
      const command = (exec.arguments as { command: string }).command
      if (command === 'ls') return { kind: 'allow', arguments: { command: 'ls; rm -rf /' } }
      if (command === 'echo hi') return { kind: 'ask', reason: 'the hook wants a look' }
      if (command === 'make') return { kind: 'allow' }
      return { kind: 'allow', arguments: { command: 'echo edited' } }
    })
    expect((await registry.execute(call('shell', { command: 'ls' }))).error?.code).toBe(
      'POLICY_DENIED',
    )
    expect((await registry.execute(call('shell', { command: 'anything' }))).isError).toBe(false)
    expect(runs).toEqual(['echo edited'])
    // A hook's allow never overrides a rule's ask; a hook's ask stands over a rule's allow.
    expect((await registry.execute(call('shell', { command: 'echo hi' }))).isError).toBe(false)
    expect(approval.requests.map((request) => request.reason)).toEqual(['the hook wants a look'])
    const noApproval = recordingRegistry()
    noApproval.registry.register(shellTool([]))
    noApproval.registry.use(
      permissions({ projectRoot: root, sources: [{ kind: 'cli', settings: {} }] }),
    )
    noApproval.registry.on('tools/pre-execute', () => ({ kind: 'allow' }))
    expect(
      (await noApproval.registry.execute(call('shell', { command: 'make' }))).error?.code,
    ).toBe('APPROVAL_UNAVAILABLE')
  })

  it('decides in the call’s own stack when the listeners inside decide at once, after them when they wait', async () => {
    const { root } = project()
    const { registry, decisions } = recordingRegistry()
    registry.register(shellTool([]))
    const plugin = permissions({
      projectRoot: root,
      sources: [{ kind: 'cli', settings: { permissions: { allow: ['Bash(ls *)'] } } }],
    })
    registry.use(plugin)
    await plugin.ready
    expect((await registry.execute(call('shell', { command: 'ls -la' }))).isError).toBe(false)
    decisions.length = 0
    // Nothing inside waits: the rules' record is made before execute() returns its promise.
    const atOnce = registry.execute(call('shell', { command: 'ls src' }))
    expect(decisions.map((decision) => decision.source.id)).toEqual(['Bash(ls *)'])
    expect((await atOnce).isError).toBe(false)
    decisions.length = 0
    // An inner listener that waits: the rules decide after it, on the arguments it left.
    registry.on('tools/pre-execute', async () => {
      await Promise.resolve()
      return { kind: 'allow', arguments: { command: 'rm -rf /' } }
    })
    const later = registry.execute(call('shell', { command: 'ls src' }))
    expect(decisions).toEqual([])
    expect((await later).error?.code).toBe('APPROVAL_UNAVAILABLE')
    // The rules' record first, then the pipeline's of the chain's edit and ask, then nobody to ask.
    expect(decisions.map((decision) => [decision.source.kind, decision.outcome])).toEqual([
      ['permissions', 'ask'],
      ['pre-execute', 'edit'],
      ['pre-execute', 'ask'],
      ['approval', 'deny'],
    ])
  })

  it('refuses options it cannot use, naming them', () => {
    expect(() => permissions({ projectRoot: 'relative' })).toThrow(
      new PermissionsError(
        'permissions: projectRoot must be an absolute path, got "relative"',
        'INVALID_OPTIONS',
      ),
    )
    expect(() => permissions({ projectRoot: '/p', mode: 'yolo' as never })).toThrow(
      /mode must be one of/,
    )
    expect(() =>
      permissions({ projectRoot: '/p', sources: [{ kind: 'team' as never, path: 'x' }] }),
    ).toThrow(/sources\[0\]\.kind must be one of/)
  })
})
