import { asCallId } from '@toolpipe/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { answers, harness, Project } from './__fixtures__/hook-harness.js'
import { denied, pre } from './__fixtures__/pre-hooks.js'

// SPEC §19, the JSON decisions of hooks before the call (PreToolUse), with real hook processes:
// Claude Code's "PreToolUse decision control" (https://code.claude.com/docs/en/hooks):
// `hookSpecificOutput.permissionDecision` allow | deny | ask with `permissionDecisionReason`,
// `updatedInput`, `additionalContext`; "Common JSON fields": `continue`, `stopReason`,
// `systemMessage`. Where Claude Code and SPEC §19 differ, SPEC wins (README "Where this differs
// from Claude Code"): a hook's `allow` here never skips an `ask` or overrides a deny of the rules
// and guards.

let project: Project
beforeEach(() => {
  project = new Project()
})
afterEach(() => {
  project.remove()
})

describe('JSON decisions', () => {
  it('permissionDecision deny denies with its reason', async () => {
    const { call, ran } = harness(
      pre(
        'Bash',
        answers({
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'deny',
            permissionDecisionReason: 'use the Read tool',
          },
        }),
      ),
      { projectRoot: project.root },
    )
    expect(await call({ command: 'cat a' })).toEqual(denied('use the Read tool', 'HOOK_DENIED'))
    expect(ran).toEqual([])
  })

  it('permissionDecision ask asks the approval service with its reason, every time', async () => {
    const { call, ran, approvals, decisions } = harness(
      pre(
        'Bash',
        answers({
          hookSpecificOutput: {
            permissionDecision: 'ask',
            permissionDecisionReason: 'touches the network',
          },
        }),
      ),
      {
        projectRoot: project.root,
        approval: { request: () => Promise.resolve({ kind: 'allowed-always' }) },
      },
    )
    await call({ command: 'curl x' })
    await call({ command: 'curl y' })
    // allowed-always is not remembered for a hook's ask: the hook asked again, the person too.
    expect(approvals.map((request) => [request.reason, request.arguments])).toEqual([
      ['touches the network', { command: 'curl x' }],
      ['touches the network', { command: 'curl y' }],
    ])
    expect(ran).toHaveLength(2)
    expect(
      decisions
        .filter(({ decision }) => decision.stage === 'hook')
        .map(({ decision }) => decision.outcome),
    ).toEqual(['ask', 'ask'])
  })

  it('permissionDecision allow lets the call run and is on the record; the deprecated decision: approve | block still works', async () => {
    const allow = answers({
      hookSpecificOutput: { permissionDecision: 'allow', permissionDecisionReason: 'safe' },
    })
    const { call, ran, decisions } = harness(pre('Bash', allow), { projectRoot: project.root })
    expect((await call({ command: 'ls' })).isError).toBe(false)
    expect(ran).toHaveLength(1)
    expect(decisions.map(({ decision }) => decision)).toEqual([
      { stage: 'hook', outcome: 'allow', source: { kind: 'hook', id: allow }, reason: 'safe' },
    ])

    const legacy = harness(pre('Bash', answers({ decision: 'block', reason: 'legacy says no' })), {
      projectRoot: project.root,
    })
    expect(await legacy.call({ command: 'ls' })).toEqual(denied('legacy says no', 'HOOK_DENIED'))
  })

  it('updatedInput replaces the arguments: the approval card, the guards and the tool see the new ones', async () => {
    const guarded: unknown[] = []
    const { call, ran, decisions, approvals } = harness(
      pre(
        'Bash',
        answers({
          hookSpecificOutput: {
            permissionDecision: 'ask',
            updatedInput: { command: 'ls --color=never' },
          },
        }),
      ),
      {
        projectRoot: project.root,
        before: (registry) => {
          registry.guard((exec) => {
            guarded.push(exec.arguments)
            return undefined
          })
        },
      },
    )
    expect((await call({ command: 'ls' })).isError).toBe(false)
    expect(approvals.map((request) => request.arguments)).toEqual([{ command: 'ls --color=never' }])
    expect(guarded).toEqual([{ command: 'ls --color=never' }])
    expect(ran).toEqual([{ tool: 'Bash', args: { command: 'ls --color=never' } }])
    expect(decisions.find(({ decision }) => decision.stage === 'hook')?.decision.outcome).toBe(
      'ask',
    )
  })

  it('an updatedInput that fails validation never reaches the tool (INVALID_ARGS)', async () => {
    const { call, ran } = harness(
      pre(
        'Bash',
        answers({
          hookSpecificOutput: { updatedInput: { command: 42, __proto__: { polluted: true } } },
        }),
      ),
      { projectRoot: project.root },
    )
    const result = await call({ command: 'ls' })
    expect(result.isError).toBe(true)
    expect(result.error?.code).toBe('INVALID_ARGS')
    expect(ran).toEqual([])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('an edited input is checked again by the guards: a hook’s allow never undoes a guard’s deny', async () => {
    const { call, ran } = harness(
      pre(
        'Bash',
        answers({
          hookSpecificOutput: {
            permissionDecision: 'allow',
            updatedInput: { command: 'rm -rf /' },
          },
        }),
      ),
      {
        projectRoot: project.root,
        before: (registry) => {
          registry.guard((exec) =>
            JSON.stringify(exec.arguments).includes('rm -rf') ? 'no rm -rf' : undefined,
          )
        },
      },
    )
    const result = await call({ command: 'ls' })
    expect(result).toEqual(denied('no rm -rf', 'GUARD_DENIED'))
    expect(ran).toEqual([])
  })

  it('a hook’s allow never undoes the deny of a rule listener outside it, nor skips its ask', async () => {
    const { call, ran, approvals } = harness(
      pre('Bash', answers({ hookSpecificOutput: { permissionDecision: 'allow' } })),
      {
        projectRoot: project.root,
        // Registered before the hooks: the outer listener, as permissions() is (SPEC §19).
        before: (registry) => {
          registry.on('tools/pre-execute', async (exec, next) => {
            const inner = await next()
            const command = (exec.arguments as { command: string }).command
            if (command.startsWith('rm'))
              return { kind: 'deny', reason: 'denied by rule "Bash(rm *)"' }
            return command.startsWith('curl') ? { kind: 'ask', reason: 'rule asks' } : inner
          })
        },
      },
    )
    expect(await call({ command: 'rm x' })).toEqual(
      denied('denied by rule "Bash(rm *)"', 'POLICY_DENIED'),
    )
    await call({ command: 'curl x' })
    expect(approvals.map((request) => request.reason)).toEqual(['rule asks'])
    expect(ran.map(({ args }) => args)).toEqual([{ command: 'curl x' }])
  })

  it('additionalContext joins the result’s additional context', async () => {
    const { call } = harness(
      pre(
        'Bash',
        answers({ hookSpecificOutput: { additionalContext: 'the repo uses pnpm' } }),
        answers({ hookSpecificOutput: { additionalContext: 'CI is red' } }),
      ),
      { projectRoot: project.root },
    )
    const result = await call({ command: 'npm test' })
    expect(result.isError).toBe(false)
    expect(result.additionalContext).toEqual({
      content: [
        { type: 'text', text: 'the repo uses pnpm' },
        { type: 'text', text: 'CI is red' },
      ],
      source: { kind: 'plugin', plugin: '@toolpipe/hooks' },
    })
  })

  it('continue: false denies with HOOK_STOPPED and the stop reason, whatever else it said', async () => {
    const { call, ran } = harness(
      pre(
        'Bash',
        answers({
          continue: false,
          stopReason: 'build is broken, stop',
          hookSpecificOutput: { permissionDecision: 'allow' },
        }),
      ),
      { projectRoot: project.root },
    )
    expect(await call({ command: 'ls' })).toEqual(denied('build is broken, stop', 'HOOK_STOPPED'))
    expect(ran).toEqual([])
  })

  it('systemMessage reaches tools/hook-message observers with the call', async () => {
    const { call, messages } = harness(
      pre('Bash', answers({ systemMessage: 'heads up: prod credentials loaded' })),
      {
        projectRoot: project.root,
      },
    )
    await call({ command: 'ls' }, { callId: asCallId('c-msg') })
    expect(messages).toEqual([{ callId: 'c-msg', message: 'heads up: prod credentials loaded' }])
  })
})
