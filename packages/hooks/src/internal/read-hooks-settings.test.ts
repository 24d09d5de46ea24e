import { describe, expect, it } from 'vitest'
import { readHooksSettings } from './read-hooks-settings.js'
import type { HooksReading } from './read-hooks-settings.js'

const cli = { kind: 'cli' } as const
const good = { type: 'command', command: 'good' } as const

function commandsOf(reading: HooksReading): string[] {
  return reading.groups.flatMap((group) => group.hooks.map((hook) => hook.command))
}

/** A hook a group cannot run, where in it the issue is, and what it says. */
const unusableHooks: readonly (readonly [hook: unknown, where: string, message: string])[] = [
  [
    { type: 'prompt', prompt: 'is this safe?' },
    '.type',
    '"prompt" hooks are not run here, only "command" hooks',
  ],
  [
    { type: 'command', command: '' },
    '.command',
    'must be a non-empty shell command, got a blank string',
  ],
  [
    { type: 'command', command: 'x', timeout: 0 },
    '.timeout',
    'must be a positive number of seconds up to 2147483, got 0',
  ],
  [
    { type: 'command', command: 'y', timeout: -1 },
    '.timeout',
    'must be a positive number of seconds up to 2147483, got -1',
  ],
  [
    { type: 'command', command: 'z', timeout: '5' },
    '.timeout',
    'must be a positive number of seconds up to 2147483, got string',
  ],
  [{ type: 'command', command: 'nul\0' }, '.command', 'must not contain a NUL character'],
  [
    { type: 'command', command: 'long', timeout: 3_000_000 },
    '.timeout',
    'must be a positive number of seconds up to 2147483, got 3000000',
  ],
  ['echo', '', 'must be a hook { type: "command", command, timeout? }, got string'],
]

/** A matcher group that cannot run, and the issue it makes. */
const unusableGroups: readonly (readonly [
  what: string,
  entry: unknown,
  issue: { where: string; message: unknown },
])[] = [
  [
    'a matcher that is no regular expression',
    { matcher: 'Bash(', hooks: [{ type: 'command', command: 'bad matcher' }] },
    { where: '.matcher', message: expect.stringMatching(/^is not a regular expression: /) },
  ],
  [
    'a matcher that is no string',
    { matcher: 5, hooks: [] },
    { where: '.matcher', message: 'must be a string, got number' },
  ],
  [
    'hooks that are no list',
    { hooks: 'echo' },
    { where: '.hooks', message: 'must be an array of hooks, got string' },
  ],
]

describe('readHooksSettings', () => {
  it('reads Claude Code’s shape: timeouts in seconds (default 60), the three tool events', () => {
    const reading = readHooksSettings(
      {
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'a', timeout: 1.5 }] }],
        PostToolUse: [{ hooks: [{ type: 'command', command: 'b' }] }],
        PostToolUseFailure: [{ matcher: '*', hooks: [{ type: 'command', command: 'c' }] }],
        // Events this package does not run are left alone, another dialect's too.
        Stop: [{ hooks: [{ type: 'command', command: 'ignored' }] }],
        BeforeTool: 'not ours',
      },
      { dialect: 'claude', origin: cli, at: ['hooks'] },
    )
    expect(reading.issues).toEqual([])
    expect(
      reading.groups.map((group) => ({
        stage: group.stage,
        hooks: group.hooks,
        bash: group.matches('Bash'),
        other: group.matches('Other'),
      })),
    ).toEqual([
      {
        stage: 'pre',
        hooks: [{ command: 'a', timeoutMs: 1500, origin: cli }],
        bash: true,
        other: false,
      },
      {
        stage: 'success',
        hooks: [{ command: 'b', timeoutMs: 60_000, origin: cli }],
        bash: true,
        other: true,
      },
      {
        stage: 'failure',
        hooks: [{ command: 'c', timeoutMs: 60_000, origin: cli }],
        bash: true,
        other: true,
      },
    ])
  })

  it('reads Gemini CLI’s shape: BeforeTool / AfterTool, timeouts in milliseconds, sequential', () => {
    // https://geminicli.com/docs/hooks/reference: "timeout: Execution timeout in milliseconds
    // (default: 60000)"; "sequential: If true, hooks in this group run one after another".
    const reading = readHooksSettings(
      {
        BeforeTool: [
          {
            matcher: 'run_shell_command',
            sequential: true,
            hooks: [{ type: 'command', command: 'a', timeout: 250, name: 'n' }],
          },
        ],
        AfterTool: [{ hooks: [{ type: 'command', command: 'b' }] }],
        PreToolUse: [{ hooks: [{ type: 'command', command: 'claude only' }] }],
      },
      { dialect: 'gemini', origin: cli, at: ['hooks'] },
    )
    expect(reading.issues).toEqual([])
    expect(
      reading.groups.map(({ stage, hooks, sequential }) => ({ stage, hooks, sequential })),
    ).toEqual([
      { stage: 'pre', hooks: [{ command: 'a', timeoutMs: 250, origin: cli }], sequential: true },
      {
        stage: 'after',
        hooks: [{ command: 'b', timeoutMs: 60_000, origin: cli }],
        sequential: false,
      },
    ])
  })

  it.each(unusableHooks)(
    'skips the hook %j (%s), and keeps the good one beside it',
    (hook, where, message) => {
      const reading = readHooksSettings(
        { PreToolUse: [{ matcher: 'Bash', hooks: [hook, { type: 'command', command: 'good' }] }] },
        { dialect: 'claude', origin: cli, at: ['hooks'] },
      )
      expect(reading.issues).toEqual([{ path: `$.hooks.PreToolUse[0].hooks[0]${where}`, message }])
      expect(commandsOf(reading)).toEqual(['good'])
    },
  )

  it.each(unusableGroups)('skips %s, and keeps the good group after it', (_, entry, issue) => {
    const reading = readHooksSettings(
      { PreToolUse: [entry, { hooks: [{ type: 'command', command: 'good' }] }] },
      { dialect: 'claude', origin: cli, at: ['hooks'] },
    )
    expect(reading.issues).toEqual([
      { path: `$.hooks.PreToolUse[0]${issue.where}`, message: issue.message },
    ])
    expect(commandsOf(reading)).toEqual(['good'])
  })

  it('skips an event whose value is no list of groups', () => {
    const reading = readHooksSettings(
      { PostToolUse: {}, PreToolUse: [{ hooks: [{ type: 'command', command: 'good' }] }] },
      { dialect: 'claude', origin: cli, at: ['hooks'] },
    )
    expect(reading.issues).toEqual([
      { path: '$.hooks.PostToolUse', message: 'must be an array of matcher groups, got object' },
    ])
    expect(commandsOf(reading)).toEqual(['good'])
  })

  it('reports every unusable entry at once, in document order, and keeps the rest', () => {
    const reading = readHooksSettings(
      {
        PreToolUse: [
          unusableGroups[0]![1],
          { matcher: 'Bash', hooks: [...unusableHooks.map(([hook]) => hook), good] },
          ...unusableGroups.slice(1).map(([, entry]) => entry),
        ],
        PostToolUse: {},
      },
      { dialect: 'claude', origin: cli, at: ['hooks'] },
    )
    expect(reading.issues.map(({ path }) => path)).toEqual([
      '$.hooks.PreToolUse[0].matcher',
      ...unusableHooks.map(([, where], index) => `$.hooks.PreToolUse[1].hooks[${index}]${where}`),
      '$.hooks.PreToolUse[2].matcher',
      '$.hooks.PreToolUse[3].hooks',
      '$.hooks.PostToolUse',
    ])
    expect(commandsOf(reading)).toEqual(['good'])
  })

  it('never throws on hostile values: a throwing getter is an issue, a Proxy is not an object', () => {
    const hostile = {
      get PreToolUse(): never {
        throw new Error('boom')
      },
      PostToolUse: [
        new Proxy(
          {},
          {
            getPrototypeOf: () => {
              throw new Error('trap')
            },
          },
        ),
      ],
    }
    const reading = readHooksSettings(hostile, { dialect: 'claude', origin: cli, at: ['hooks'] })
    expect(reading.groups).toEqual([])
    expect(reading.issues).toEqual([
      { path: '$.hooks.PreToolUse', message: 'could not be read: boom' },
      {
        path: '$.hooks.PostToolUse[0]',
        message: 'must be a matcher group { matcher?, hooks }, got an unreadable object',
      },
    ])
    expect(
      readHooksSettings([1], { dialect: 'claude', origin: cli, at: ['hooks'] }).issues,
    ).toEqual([{ path: '$.hooks', message: 'must be an object of hook events, got array' }])
  })
})
