import { describe, expect, it } from 'vitest'
import { readHooksSettings } from './read-hooks-settings.js'

const cli = { kind: 'cli' } as const

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

  it('skips each unusable entry with its JSON path and keeps the rest', () => {
    const reading = readHooksSettings(
      {
        PreToolUse: [
          { matcher: 'Bash(', hooks: [{ type: 'command', command: 'bad matcher' }] },
          {
            matcher: 'Bash',
            hooks: [
              { type: 'prompt', prompt: 'is this safe?' },
              { type: 'command', command: '' },
              { type: 'command', command: 'x', timeout: 0 },
              { type: 'command', command: 'y', timeout: -1 },
              { type: 'command', command: 'z', timeout: '5' },
              { type: 'command', command: 'nul\0' },
              { type: 'command', command: 'long', timeout: 3_000_000 },
              'echo',
              { type: 'command', command: 'good' },
            ],
          },
          { matcher: 5, hooks: [] },
          { hooks: 'echo' },
        ],
        PostToolUse: {},
      },
      { dialect: 'claude', origin: cli, at: ['hooks'] },
    )
    expect(reading.issues).toEqual([
      {
        path: '$.hooks.PreToolUse[0].matcher',
        message: expect.stringMatching(/^is not a regular expression: /) as unknown,
      },
      {
        path: '$.hooks.PreToolUse[1].hooks[0].type',
        message: '"prompt" hooks are not run here, only "command" hooks',
      },
      {
        path: '$.hooks.PreToolUse[1].hooks[1].command',
        message: 'must be a non-empty shell command, got a blank string',
      },
      {
        path: '$.hooks.PreToolUse[1].hooks[2].timeout',
        message: 'must be a positive number of seconds up to 2147483, got 0',
      },
      {
        path: '$.hooks.PreToolUse[1].hooks[3].timeout',
        message: 'must be a positive number of seconds up to 2147483, got -1',
      },
      {
        path: '$.hooks.PreToolUse[1].hooks[4].timeout',
        message: 'must be a positive number of seconds up to 2147483, got string',
      },
      {
        path: '$.hooks.PreToolUse[1].hooks[5].command',
        message: 'must not contain a NUL character',
      },
      {
        path: '$.hooks.PreToolUse[1].hooks[6].timeout',
        message: 'must be a positive number of seconds up to 2147483, got 3000000',
      },
      {
        path: '$.hooks.PreToolUse[1].hooks[7]',
        message: 'must be a hook { type: "command", command, timeout? }, got string',
      },
      { path: '$.hooks.PreToolUse[2].matcher', message: 'must be a string, got number' },
      { path: '$.hooks.PreToolUse[3].hooks', message: 'must be an array of hooks, got string' },
      { path: '$.hooks.PostToolUse', message: 'must be an array of matcher groups, got object' },
    ])
    expect(reading.groups.flatMap((group) => group.hooks.map((hook) => hook.command))).toEqual([
      'good',
    ])
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
