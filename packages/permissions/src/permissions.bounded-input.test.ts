import { beforeAll, describe, expect, it } from 'vitest'
import type { ToolDefinition } from '@toolpipe/tools'
import {
  call,
  plainTool,
  recordingRegistry,
  scratchProjects,
  text,
} from './__fixtures__/harness.js'
import { checkPermission } from './internal/check-permission.js'
import { loadBashParser } from './internal/shell/bash-parser.js'
import type { BashParser } from './internal/shell/bash-parser.js'
import { permissions } from './permissions.js'
import type { PermissionsOptions } from './permissions-options.js'

/**
 * SPEC §26, bounded work, on what a call gives besides a command line: arguments and subjects
 * past 100 KB ask at once, in every mode; long paths and deep arguments never overflow the stack;
 * what cannot be read is never allowed. How long each takes is the bench's to measure.
 */
const project = scratchProjects()
let parser: BashParser
beforeAll(async () => {
  parser = await loadBashParser()
})

/** A tool whose arguments give its subjects as they are (`items`). */
function multiTool(runs: string[]): ToolDefinition {
  return {
    name: 'multi',
    description: 'touches files',
    parameters: { type: 'object' },
    annotations: { readOnly: true },
    permissions: { ruleName: 'Multi', subjects: (args) => (args as { items: never }).items },
    execute: () => {
      runs.push('multi')
      return Promise.resolve([text('ran')])
    },
  }
}

async function installed(options: Omit<PermissionsOptions, 'projectRoot'>) {
  const runs: string[] = []
  const { registry } = recordingRegistry()
  registry.register(multiTool(runs))
  registry.register(plainTool('plain'))
  const plugin = permissions({ projectRoot: project().root, ...options })
  registry.use(plugin)
  await plugin.ready
  return { registry, plugin, runs }
}

const cli = (settings: object) => [{ kind: 'cli' as const, settings: { permissions: settings } }]

describe('inputs past 100 KB ask at once (SPEC §26)', () => {
  const rules = { allow: ['Edit(src/**)', 'Read(src/**)', 'plain'], deny: ['Read(//etc/**)'] }
  const large = [
    ['5,000 edit subjects', 'multi', { items: editSubjects(5_000) }],
    [
      'one 150 KB read path',
      'multi',
      { items: [{ kind: 'read', path: `src/${'a'.repeat(150_000)}` }] },
    ],
    ['a tool matched by name, with a 300 KB argument', 'plain', { q: 'x'.repeat(300_000) }],
  ] as const

  it.each(large)(
    'asks for %s, even in bypassPermissions; dontAsk denies',
    async (_, name, args) => {
      const { plugin } = await installed({ sources: cli(rules), mode: 'bypassPermissions' })
      expect(await plugin.explain(call(name, args))).toMatchObject({
        decision: 'ask',
        basis: 'cannot-read',
        reason: expect.stringContaining('larger than 100 KB') as string,
      })
      const strict = await installed({ sources: cli(rules), mode: 'dontAsk' })
      expect((await strict.plugin.explain(call(name, args))).decision).toBe('deny')
    },
  )

  it('decides a call of 100 KB of subjects (its 500 files judged one by one)', async () => {
    const { plugin } = await installed({ sources: cli(rules) })
    const items = editSubjects(500).map((subject) => ({
      ...subject,
      path: subject.path.padEnd(180, 'x'),
    }))
    const started = performance.now()
    expect((await plugin.explain(call('multi', { items }))).decision).toBe('allow')
    // A generous bound for a loaded two-core machine; the bench measures it.
    expect(performance.now() - started).toBeLessThan(5_000)
    expect((await plugin.explain(call('multi', { items: editSubjects(501) }))).reason).toContain(
      'more than 500 subjects',
    )
  })
})

describe('long paths and deep arguments (SPEC §26: never overflows the stack)', () => {
  it('judges a read of 20,000 folders without failing: it asks, and the tool does not run', async () => {
    const { registry, plugin, runs } = await installed({
      sources: cli({ deny: ['Read(//etc/**)'] }),
    })
    for (const path of [`${'a/'.repeat(20_000)}f`, `/etc/${'a/'.repeat(100)}passwd`]) {
      const items = [{ kind: 'read', path }]
      expect(await plugin.explain(call('multi', { items }))).toMatchObject({
        decision: 'ask',
        basis: 'cannot-read',
      })
      const result = await registry.execute(call('multi', { items }))
      expect(result.error?.code).toBe('APPROVAL_UNAVAILABLE')
    }
    expect(runs).toEqual([])
  })

  it('explains a call of 5,000 levels of arguments under Gemini rules: a deny may match, an allow does not', () => {
    let deep: unknown = 1
    for (let level = 0; level < 5_000; level++) deep = { x: deep }
    const rule = (decision: string) =>
      `[[rule]]\ntoolName = "plain"\nargsPattern = '"x":1'\ndecision = "${decision}"\npriority = 10\n`
    const judged = (decision: string, mode: 'default' | 'bypassPermissions') =>
      checkPermission({
        parser,
        ruleName: 'plain',
        arguments: { deep },
        gemini: rule(decision),
        mode,
      })
    expect(judged('deny', 'bypassPermissions')).toMatchObject({
      decision: 'ask',
      basis: 'possibly-denied',
    })
    expect(judged('allow', 'default')).toMatchObject({ decision: 'ask', basis: 'mode' })
    // Within SPEC §2's 512 levels the JSON is read as before.
    expect(
      checkPermission({ parser, ruleName: 'plain', arguments: { x: 1 }, gemini: rule('deny') })
        .decision,
    ).toBe('deny')
  })

  it('explains and asks when subjects() gives what cannot be read; the tool does not run (§11)', async () => {
    const runs: string[] = []
    const { registry } = recordingRegistry()
    const hostile = {
      kind: 'read',
      get path(): never {
        throw new Error('no path')
      },
    }
    registry.register({ ...multiTool(runs), permissions: { subjects: () => [hostile] as never } })
    const plugin = permissions({
      projectRoot: project().root,
      sources: cli({ allow: ['multi'] }),
      mode: 'bypassPermissions',
    })
    registry.use(plugin)
    await plugin.ready
    expect(await plugin.explain(call('multi', {}))).toMatchObject({
      decision: 'ask',
      basis: 'cannot-read',
      reason: expect.stringContaining('cannot be read: no path') as string,
    })
    const result = await registry.execute(call('multi', {}))
    expect(result.error?.code).not.toBe('LISTENER_FAILED')
    expect(result.isError).toBe(true)
    expect(runs).toEqual([])
  })

  it('asks for arguments that cannot be read, whatever the mode', () => {
    const hostile = {
      get q(): never {
        throw new Error('no')
      },
    }
    expect(
      checkPermission({
        parser,
        ruleName: 'plain',
        arguments: hostile,
        rules: { allow: ['plain'] },
        mode: 'bypassPermissions',
      }),
    ).toMatchObject({ decision: 'ask', basis: 'cannot-read' })
  })
})

function editSubjects(count: number): { kind: 'edit'; path: string }[] {
  return Array.from({ length: count }, (_, index) => ({
    kind: 'edit',
    path: `src/f${String(index)}`,
  }))
}
