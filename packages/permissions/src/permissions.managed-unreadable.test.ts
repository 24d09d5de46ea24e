import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  call,
  eventually,
  plainTool,
  recordingRegistry,
  resultText,
  scratchProjects,
} from './__fixtures__/harness.js'
import { shellTool } from '@toolpipe/shell-tool'
import { permissions } from './permissions.js'

// SPEC §26: a managed source that exists but cannot be read or parsed denies every call
// (MANAGED_POLICY_UNREADABLE) until it parses; a missing one is an empty source.

const project = scratchProjects()

const brokenJson = '{\n  "permissions": {\n    "deny": ["Bash(curl *)"],\n  }\n}\n'
const brokenReason =
  'the managed source managed.json: line 4, column 3: PropertyNameExpected; every call is denied until it can be read and parses'

function setup(root: string, managedPath = 'managed.json') {
  const runs: string[] = []
  const { registry, warnings, decisions } = recordingRegistry()
  registry.register(shellTool(runs))
  registry.register(plainTool('lookup'))
  const plugin = permissions({
    projectRoot: root,
    sources: [
      { kind: 'project', path: '.toolpipe/settings.json' },
      { kind: 'managed', path: managedPath },
    ],
  })
  registry.use(plugin)
  return { runs, registry, warnings, decisions, plugin }
}

function deniedResult(reason: string) {
  return {
    content: [{ type: 'text', text: `Error: ${reason}` }],
    isError: true,
    error: { name: 'ToolDeniedError', code: 'MANAGED_POLICY_UNREADABLE' },
  }
}

describe('a managed source that cannot be read or parsed', () => {
  it('denies every call from the first read, naming the file, line and column', async () => {
    const { root, write } = project()
    write('managed.json', brokenJson)
    write('.toolpipe/settings.json', {
      permissions: { allow: ['Bash(ls *)', 'lookup'], defaultMode: 'bypassPermissions' },
    })
    const { runs, registry, warnings, decisions, plugin } = setup(root)
    await plugin.ready

    const shell = await registry.execute(call('shell', { command: 'ls' }))
    expect(shell).toEqual(deniedResult(brokenReason))
    expect(await registry.execute(call('lookup'))).toEqual(deniedResult(brokenReason))
    expect(runs).toEqual([])
    expect(decisions.filter((decision) => decision.stage === 'rule')).toEqual([
      {
        stage: 'rule',
        outcome: 'deny',
        source: {
          kind: 'permissions',
          id: 'MANAGED_POLICY_UNREADABLE',
          path: join(root, 'managed.json'),
        },
        reason: brokenReason,
      },
      {
        stage: 'rule',
        outcome: 'deny',
        source: {
          kind: 'permissions',
          id: 'MANAGED_POLICY_UNREADABLE',
          path: join(root, 'managed.json'),
        },
        reason: brokenReason,
      },
    ])
    expect(await plugin.explain(call('shell', { command: 'ls' }))).toEqual({
      decision: 'deny',
      basis: 'cannot-read',
      mode: 'bypassPermissions',
      reason: brokenReason,
      subjects: [],
    })
    expect(warnings).toContain(
      'toolpipe: settings file managed.json: line 4, column 3: PropertyNameExpected; every call is denied until it can be read and parses',
    )
  })

  it('denies when a managed file that parsed once breaks, and stops when it parses again', async () => {
    const { root, write } = project()
    const good = { permissions: { deny: ['Bash(curl *)'] } }
    write('managed.json', good)
    write('.toolpipe/settings.json', { permissions: { allow: ['Bash(ls *)'] } })
    const { registry, plugin } = setup(root)
    await plugin.ready
    expect((await registry.execute(call('shell', { command: 'ls' }))).isError).toBe(false)

    write('managed.json', brokenJson)
    await eventually(async () => {
      expect((await plugin.explain(call('shell', { command: 'ls' }))).decision).toBe('deny')
    })
    expect(await registry.execute(call('shell', { command: 'ls' }))).toEqual(
      deniedResult(brokenReason),
    )

    // Back to the very text it had before it broke: the source is in force again.
    write('managed.json', good)
    await eventually(async () => {
      expect((await plugin.explain(call('shell', { command: 'ls' }))).decision).toBe('allow')
    })
    expect((await plugin.explain(call('shell', { command: 'curl x' }))).reason).toBe(
      'denied by rule "Bash(curl *)" in managed.json',
    )
  })

  it('denies when the managed path exists but cannot be read (a folder: EISDIR)', async () => {
    const { root } = project()
    mkdirSync(join(root, 'managed.json'))
    const { registry, plugin } = setup(root)
    await plugin.ready
    const reason =
      'the managed source managed.json: cannot be read: EISDIR; every call is denied until it can be read and parses'
    expect(await registry.execute(call('lookup'))).toEqual(deniedResult(reason))
  })

  it('denies for a broken managed Gemini policy file too', async () => {
    const { root, write } = project()
    write('policy.toml', '[[rule]]\ntoolName = "lookup"\ndecision = \n')
    const { registry, plugin } = setup(root, 'policy.toml')
    await plugin.ready
    const result = await registry.execute(call('lookup'))
    expect(result.error?.code).toBe('MANAGED_POLICY_UNREADABLE')
    expect(resultText(result)).toMatch(
      /^Error: the managed source policy\.toml: line 3, column 12: .+; every call is denied until it can be read and parses$/,
    )
  })

  it('a missing managed file is an empty source', async () => {
    const { root, write } = project()
    write('.toolpipe/settings.json', { permissions: { allow: ['lookup'] } })
    const { registry, plugin, warnings } = setup(root)
    await plugin.ready
    expect((await registry.execute(call('lookup'))).isError).toBe(false)
    expect(warnings).toEqual([])
  })

  it('an empty managed file (blanks, a comment) is an empty source, not a broken one (§18.3)', async () => {
    const { root, write } = project()
    write('.toolpipe/settings.json', { permissions: { allow: ['lookup'] } })
    writeFileSync(join(root, 'managed.json'), '\n// nothing managed yet\n')
    const { registry, plugin, warnings } = setup(root)
    await plugin.ready
    expect((await registry.execute(call('lookup'))).isError).toBe(false)
    expect(warnings).toEqual([])
  })

  it('a broken file of any other source keeps its previous rules, as before', async () => {
    const { root, write } = project()
    const path = write('.toolpipe/settings.json', { permissions: { allow: ['lookup'] } })
    const { registry, plugin, warnings } = setup(root)
    await plugin.ready
    writeFileSync(path, '{ "permissions": ')
    await eventually(() => {
      expect(warnings).toContainEqual(
        expect.stringContaining('its previous content stays in force'),
      )
    })
    expect((await registry.execute(call('lookup'))).isError).toBe(false)
  })
})
