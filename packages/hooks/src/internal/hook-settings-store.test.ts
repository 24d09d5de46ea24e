import { mkdirSync, mkdtempSync, realpathSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { HandClock } from '../__fixtures__/hand-clock.js'
import type { HookGroup } from './hook-group.js'
import { HookSettingsStore } from './hook-settings-store.js'
import type { ResolvedSource } from './hook-settings-store.js'

let root: string
const stores: HookSettingsStore[] = []
beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'toolpipe-hook-settings-')))
  mkdirSync(join(root, '.claude'))
})
afterEach(() => {
  for (const store of stores.splice(0)) store.close()
  rmSync(root, { recursive: true, force: true })
})

function settings(...commands: string[]): string {
  return JSON.stringify(
    {
      permissions: { allow: [] },
      hooks: { PreToolUse: [{ hooks: commands.map((command) => ({ type: 'command', command })) }] },
    },
    null,
    2,
  )
}

/**
 * A store of `sources` and hooks in code, on a hand-driven clock: a file's change is read when
 * the test settles it (`settle()`: once the change's file event set the settle timer, fire it).
 */
function open(sources: ResolvedSource[], codeCommands: string[] = []) {
  const warnings: string[] = []
  const codeGroups: HookGroup[] = codeCommands.map((command) => ({
    stage: 'pre',
    matches: () => true,
    hooks: [{ command, timeoutMs: 1000, origin: { kind: 'cli' } }],
    sequential: false,
  }))
  const clock = new HandClock()
  const store = new HookSettingsStore({
    codeGroups,
    sources,
    dialect: 'claude',
    clock,
    warn: (message) => warnings.push(message),
  })
  stores.push(store)
  const commands = () => store.groups().flatMap((group) => group.hooks.map((hook) => hook.command))
  const settle = async () => {
    await clock.timerOf(20)
    clock.fire(20)
  }
  return { store, warnings, commands, clock, settle }
}

describe('HookSettingsStore', () => {
  it('merges every source by precedence (managed, cli, local, project, user), read when it opens', () => {
    const file = (name: string, command: string) => {
      const path = join(root, name)
      writeFileSync(path, settings(command))
      return path
    }
    const { commands, store } = open(
      [
        { kind: 'user', path: file('user.json', 'user') },
        { kind: 'project', path: file('project.json', 'project') },
        { kind: 'managed', path: file('managed.json', 'managed') },
        { kind: 'local', path: file('local.json', 'local') },
        { kind: 'project', path: join(root, 'missing.json') },
      ],
      ['code'],
    )
    expect(commands()).toEqual(['managed', 'code', 'local', 'project', 'user'])
    expect(store.groups()[0]!.hooks[0]!.origin).toEqual({
      kind: 'managed',
      path: join(root, 'managed.json'),
    })
  })

  it('follows a file as it changes, appears and disappears; a broken file keeps its hooks and is reported with line and column', async () => {
    const path = join(root, '.claude', 'settings.json')
    const { commands, warnings, settle } = open([{ kind: 'project', path }])
    expect(commands()).toEqual([])

    writeFileSync(path, settings('first'))
    await settle()
    expect(commands()).toEqual(['first'])

    writeFileSync(path, '{\n  "hooks": {\n    "PreToolUse": [,]\n  }\n}\n')
    await settle()
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toBe(
      `toolpipe: settings file ${path}: line 3, column 20: ValueExpected; its previous content stays in force`,
    )
    expect(commands()).toEqual(['first'])

    writeFileSync(path, settings('second', 'third'))
    await settle()
    expect(commands()).toEqual(['second', 'third'])

    unlinkSync(path)
    await settle()
    expect(commands()).toEqual([])
    expect(warnings).toHaveLength(1)
  })

  it('reports each unusable entry of a file with the file and its JSON path, and runs the rest', () => {
    const path = join(root, 'settings.json')
    writeFileSync(
      path,
      JSON.stringify({
        hooks: {
          PreToolUse: [
            { matcher: '(', hooks: [{ type: 'command', command: 'a' }] },
            { hooks: [{ type: 'command', command: 'b' }] },
          ],
        },
      }),
    )
    const { commands, warnings } = open([{ kind: 'project', path }])
    expect(commands()).toEqual(['b'])
    expect(warnings).toEqual([
      expect.stringMatching(
        new RegExp(
          `^@toolpipe/hooks: settings file ${path.replaceAll('.', '\\.')} \\$\\.hooks\\.PreToolUse\\[0\\]\\.matcher: is not a regular expression: .*; skipped$`,
        ),
      ),
    ])
  })

  it('honours allowManagedHooksOnly and disableAllHooks as Claude Code does', () => {
    const managed = join(root, 'managed.json')
    const project = join(root, 'project.json')
    writeFileSync(
      project,
      JSON.stringify({ ...JSON.parse(settings('project')), disableAllHooks: false }),
    )
    writeFileSync(
      managed,
      JSON.stringify({ ...JSON.parse(settings('managed')), allowManagedHooksOnly: true }),
    )
    expect(
      open(
        [
          { kind: 'managed', path: managed },
          { kind: 'project', path: project },
        ],
        ['code'],
      ).commands(),
    ).toEqual(['managed'])

    // Below managed, disableAllHooks turns off every hook but the managed ones.
    writeFileSync(managed, settings('managed'))
    writeFileSync(
      project,
      JSON.stringify({ ...JSON.parse(settings('project')), disableAllHooks: true }),
    )
    expect(
      open(
        [
          { kind: 'managed', path: managed },
          { kind: 'project', path: project },
        ],
        ['code'],
      ).commands(),
    ).toEqual(['managed'])

    // In a managed file it turns off every hook.
    writeFileSync(managed, JSON.stringify({ disableAllHooks: true }))
    expect(
      open(
        [
          { kind: 'managed', path: managed },
          { kind: 'project', path: project },
        ],
        ['code'],
      ).commands(),
    ).toEqual([])

    // allowManagedHooksOnly means nothing outside a managed file.
    writeFileSync(
      project,
      JSON.stringify({ ...JSON.parse(settings('project')), allowManagedHooksOnly: true }),
    )
    expect(open([{ kind: 'project', path: project }], ['code']).commands()).toEqual([
      'code',
      'project',
    ])
  })

  it('stops following files once closed', async () => {
    const path = join(root, 'settings.json')
    writeFileSync(path, settings('before'))
    const { store, commands, clock } = open([{ kind: 'project', path }])
    store.close()
    // A second store on the same file sees the change: by then, the closed one would have too.
    const open2 = open([{ kind: 'project', path }])
    writeFileSync(path, settings('after'))
    await open2.settle()
    expect(open2.commands()).toEqual(['after'])
    expect(clock.asked).toEqual([])
    expect(commands()).toEqual(['before'])
  })
})
