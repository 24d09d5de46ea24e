import { describe, expect, it } from 'vitest'
import { answers, harness, Project } from './__fixtures__/hook-harness.js'
import { commandHooks } from './command-hooks.js'
import { HooksConfigError } from './hooks-config-error.js'

// STYLE habit 18: one options object, read once through the shared reader; an option it cannot
// use is refused with HooksConfigError and INVALID_OPTIONS, naming it. The hooks configuration
// inside it (`hooks`, `sources`) keeps its own contract: INVALID_HOOKS_CONFIG, every issue listed.

function thrownBy(make: () => unknown): unknown {
  try {
    make()
  } catch (error) {
    return error
  }
  return undefined
}

const hostile = {
  get projectRoot(): never {
    throw new Error('boom')
  },
}

describe('commandHooks(options)', () => {
  it.each([
    [
      'a dialect of neither family',
      { dialect: 'codex' },
      'commandHooks: dialect must be "claude", "gemini", got "codex"',
    ],
    [
      'an empty project root',
      { projectRoot: '' },
      'commandHooks: projectRoot must be a non-empty string, got ""',
    ],
    [
      'a session id that is no string',
      { sessionId: 7 },
      'commandHooks: sessionId must be a string, got number',
    ],
    [
      'an empty transcript path',
      { transcriptPath: '' },
      'commandHooks: transcriptPath must be a non-empty string, got ""',
    ],
    [
      'an unknown permission mode',
      { permissionMode: 'yolo' },
      'commandHooks: permissionMode must be "default", "acceptEdits", "plan", "dontAsk", "bypassPermissions", got "yolo"',
    ],
    [
      'a clock without clearTimeout',
      { clock: { setTimeout: () => 1 } },
      'commandHooks: clock must be an object with setTimeout and clearTimeout methods, got object',
    ],
    [
      'a misspelt option',
      { hook: {} },
      'commandHooks: hook is not an option (known: hooks, sources, projectRoot, sessionId, permissionMode, transcriptPath, dialect, clock, scrubEnv)',
    ],
    ['options that are no object', [], 'commandHooks: options must be an object, got array'],
    ['an option whose getter throws', hostile, 'commandHooks: projectRoot could not be read: boom'],
  ])('refuses %s with INVALID_OPTIONS, naming the option', (_, options, message) => {
    const thrown = thrownBy(() => commandHooks(options as never))
    expect(thrown).toBeInstanceOf(HooksConfigError)
    expect(thrown).toMatchObject({ name: 'HooksConfigError', code: 'INVALID_OPTIONS', message })
    expect((thrown as HooksConfigError).issues).toEqual([])
  })

  it('refuses hooks and sources it cannot run with INVALID_HOOKS_CONFIG, listing every issue', () => {
    const thrown = thrownBy(() =>
      commandHooks({
        hooks: { PreToolUse: [{ matcher: 'Bash(', hooks: [{ type: 'command', command: 'x' }] }] },
        sources: [{ kind: 'team' as never, path: '' }],
        projectRoot: '/p',
      }),
    )
    expect(thrown).toBeInstanceOf(HooksConfigError)
    const error = thrown as HooksConfigError
    expect(error.code).toBe('INVALID_HOOKS_CONFIG')
    expect(error.issues.map((issue) => issue.path)).toEqual([
      '$.hooks.PreToolUse[0].matcher',
      '$.sources[0].kind',
      '$.sources[0].path',
    ])
    expect(error.message).toMatch(
      /^commandHooks: invalid configuration: \$\.hooks\.PreToolUse\[0\]\.matcher: is not a regular expression/,
    )
  })

  it('runs the same hooks as the deprecated two-argument form', async () => {
    const project = new Project()
    try {
      const deny = answers({ hookSpecificOutput: { permissionDecision: 'deny' } })
      const hooks = {
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command' as const, command: deny }] }],
      }
      const oneObject = harness({ hooks }, { projectRoot: project.root })
      const twoArguments = harness(
        {},
        {
          projectRoot: project.root,
          before: (registry) => {
            // eslint-disable-next-line @typescript-eslint/no-deprecated -- the form compared
            registry.use(commandHooks({ hooks }, { projectRoot: project.root }))
          },
        },
      )
      for (const { call } of [oneObject, twoArguments]) {
        expect((await call({ command: 'ls' })).error).toEqual({
          name: 'ToolDeniedError',
          code: 'HOOK_DENIED',
        })
      }
    } finally {
      project.remove()
    }
  })
})
