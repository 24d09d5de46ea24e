import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import {
  alice,
  call,
  plainTool,
  recordingRegistry,
  scratchProjects,
  scriptedApproval,
} from './__fixtures__/harness.js'
import { shellTool } from '@toolpipe/shell-tool'
import { permissions } from './permissions.js'
import { PermissionsError } from './permissions-error.js'

const project = scratchProjects()

const settingsSources = [
  { kind: 'project' as const, path: '.toolpipe/settings.json' },
  { kind: 'local' as const, path: '.toolpipe/settings.local.json' },
]

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
    await vi.waitFor(() => {
      expect(JSON.parse(readFileSync(local, 'utf8'))).toEqual({
        permissions: { allow: ['Bash(npm run lint *)'] },
      })
    })
    // The rule is in force: the same command with other arguments runs without asking …
    await vi.waitFor(async () => {
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
    await vi.waitFor(() => {
      expect(JSON.parse(readFileSync(local, 'utf8'))).toEqual({
        permissions: { deny: ['Bash(git push origin *)'] },
      })
    })
    await vi.waitFor(async () => {
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
    await vi.waitFor(() => {
      expect(
        warnings.some((warning) =>
          warning.includes('not written as a rule: the line holds a command substitution'),
        ),
      ).toBe(true)
    })
    expect(() => readFileSync(join(root, '.toolpipe/settings.local.json'))).toThrow()
  })

  it('hides a tool a bare deny names, and shows it again when the rule goes', async () => {
    const { root, write } = project()
    const file = write('.toolpipe/settings.json', { permissions: { deny: ['deploy'] } })
    const { registry } = recordingRegistry()
    registry.register(plainTool('deploy'))
    registry.register(plainTool('status'))
    const changes = vi.fn()
    registry.on('tools/change', changes)
    registry.use(permissions({ projectRoot: root, sources: settingsSources }))
    expect(registry.get('deploy')).toBeUndefined()
    expect(registry.list().map((tool) => tool.name)).toEqual(['status'])
    expect(registry.schemas().map((tool) => tool.name)).toEqual(['status'])
    expect((await registry.execute(call('deploy'))).error?.code).toBe('UNKNOWN_TOOL')
    const before = changes.mock.calls.length
    expect(write('.toolpipe/settings.json', { permissions: { deny: [] } })).toBe(file)
    await vi.waitFor(() => {
      expect(registry.get('deploy')).toBeDefined()
    })
    expect(changes.mock.calls.length).toBeGreaterThan(before)
  })

  it('keeps the rules of a file that breaks, with one warning naming line and column, and applies the fixed file', async () => {
    const { root, write } = project()
    write('.toolpipe/settings.json', { permissions: { deny: ['Bash(rm *)'] } })
    const { registry, warnings } = recordingRegistry()
    registry.register(shellTool([]))
    const plugin = permissions({ projectRoot: root, sources: settingsSources })
    registry.use(plugin)
    write('.toolpipe/settings.json', '{\n  "permissions": {\n    "deny": ["Bash(rm *)",]\n  }\n}\n')
    await vi.waitFor(() => {
      expect(
        warnings.filter((warning) => warning.includes('.toolpipe/settings.json: line 3')),
      ).toHaveLength(1)
    })
    expect(warnings.find((warning) => warning.includes('line 3'))).toBe(
      'toolpipe: settings file .toolpipe/settings.json: line 3, column 27: ValueExpected; its previous content stays in force',
    )
    expect((await plugin.explain(call('shell', { command: 'rm x' }))).decision).toBe('deny')
    write('.toolpipe/settings.json', { permissions: { deny: ['Bash(curl *)'] } })
    await vi.waitFor(async () => {
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
    await vi.waitFor(async () => {
      const result = await registry.execute(call('deploy', { env: 'prod' }))
      expect(result).toMatchObject({ isError: true, error: { code: 'POLICY_DENIED' } })
    })
    expect((await registry.execute(call('deploy', { env: 'dev' }))).isError).toBe(false)
    expect(await registry.execute(call('deploy', { env: 'prod' }))).toMatchObject({
      isError: true,
      error: { code: 'POLICY_DENIED' },
    })
    write('.toolpipe/settings.json', { permissions: { deny: ['Bash(rm *)'] } })
    await vi.waitFor(async () => {
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
    await vi.waitFor(async () => {
      expect((await plugin.explain(call('shell', { command: 'ls -la' }))).decision).toBe('allow')
    })
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
        },
        {
          subject: { kind: 'edit', path: join(root, 'log.txt') },
          decision: 'ask',
          basis: 'mode',
          reason: 'no rule matched, default mode',
        },
      ],
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

  it('stops watching when disposed, and can be installed again', async () => {
    const { root, write } = project()
    const { registry } = recordingRegistry()
    registry.register(plainTool('deploy'))
    const plugin = permissions({ projectRoot: root, sources: settingsSources })
    const dispose = registry.use(plugin)
    write('.toolpipe/settings.json', { permissions: { deny: ['deploy'] } })
    await vi.waitFor(() => {
      expect(registry.get('deploy')).toBeUndefined()
    })
    dispose()
    expect(registry.get('deploy')).toBeDefined()
    registry.use(plugin)
    expect(registry.get('deploy')).toBeUndefined()
  })
})
