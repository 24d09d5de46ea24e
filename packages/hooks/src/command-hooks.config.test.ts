import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { commandHooks } from './command-hooks.js'
import { HandClock } from './__fixtures__/hand-clock.js'
import { harness, Project } from './__fixtures__/hook-harness.js'
import { HooksConfigError } from './hooks-config-error.js'

let project: Project
beforeEach(() => {
  project = new Project()
})
afterEach(() => {
  project.remove()
})

describe('commandHooks(config, options), the deprecated form', () => {
  it('refuses a configuration it cannot run, listing every issue with its JSON path', () => {
    let thrown: unknown
    try {
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- the form this test is about
      commandHooks(
        {
          hooks: {
            PreToolUse: [
              { matcher: 'Bash(', hooks: [{ type: 'command', command: 'x', timeout: -1 }] },
            ],
          },
          sources: [{ kind: 'team' as never, path: '' }],
          extra: true,
        } as never,
        {
          dialect: 'codex' as never,
          permissionMode: 'yolo' as never,
          projectRoot: '',
          transcriptPath: 42 as never,
        },
      )
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(HooksConfigError)
    const error = thrown as HooksConfigError
    expect(error.code).toBe('INVALID_HOOKS_CONFIG')
    expect(error.issues.map((issue) => issue.path)).toEqual([
      '$.extra',
      'options.dialect',
      'options.projectRoot',
      'options.transcriptPath',
      'options.permissionMode',
      '$.hooks.PreToolUse[0].matcher',
      '$.hooks.PreToolUse[0].hooks[0].timeout',
      '$.sources[0].kind',
      '$.sources[0].path',
    ])
    expect(error.message).toMatch(
      /^commandHooks: invalid configuration: \$\.extra: is not an option/,
    )
  })
})

describe('commandHooks(options) and settings files', () => {
  it('reads hooks from settings files, relative to the project root, and follows their changes', async () => {
    mkdirSync(join(project.root, '.claude'))
    const path = join(project.root, '.claude', 'settings.json')
    writeFileSync(path, JSON.stringify({ permissions: { allow: ['Bash(ls *)'] }, hooks: {} }))
    // The clock settles the file's changes: the test decides when the change is read.
    const clock = new HandClock()
    const { call, ran, decisions } = harness(
      { sources: [{ kind: 'project', path: '.claude/settings.json' }] },
      { projectRoot: project.root, clock },
    )
    expect((await call({ command: 'ls' })).isError).toBe(false)

    writeFileSync(
      path,
      JSON.stringify({
        hooks: {
          PreToolUse: [
            {
              matcher: 'Bash',
              hooks: [{ type: 'command', command: 'cat >/dev/null; echo "not today" >&2; exit 2' }],
            },
          ],
        },
      }),
    )
    // Written, but not read until the settle timer its file event set fires.
    await clock.timerOf(20)
    expect((await call({ command: 'ls' })).isError).toBe(false)
    clock.fire(20)
    const result = await call({ command: 'ls' })
    expect(result.error?.code).toBe('HOOK_DENIED')
    expect(ran.length).toBeGreaterThanOrEqual(1)
    // The hook's record, before the pipeline's own record of the waterfall's deny (stage policy).
    expect(decisions.map(({ decision }) => decision.stage).slice(-2)).toEqual(['hook', 'policy'])
    expect(decisions.at(-2)?.decision.source).toEqual({
      kind: 'hook',
      id: 'cat >/dev/null; echo "not today" >&2; exit 2',
      path,
    })
  })

  it('stops watching and running hooks once disposed', async () => {
    const { call, ran, dispose } = harness(
      {
        hooks: {
          PreToolUse: [{ hooks: [{ type: 'command', command: 'cat >/dev/null; exit 2' }] }],
        },
      },
      { projectRoot: project.root },
    )
    expect((await call({ command: 'ls' })).error?.code).toBe('HOOK_DENIED')
    dispose()
    expect((await call({ command: 'ls' })).isError).toBe(false)
    expect(ran).toHaveLength(1)
  })
})
