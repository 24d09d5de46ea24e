import { readFileSync, writeFileSync } from 'node:fs'
import { asCallId } from '@toolpipe/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { answers, harness, Project, quote } from './__fixtures__/hook-harness.js'
import type { HookCommandSettings } from './hooks-settings.js'

// SPEC §19, before the call (PreToolUse), every rule with real hook processes. The protocol is
// Claude Code's, https://code.claude.com/docs/en/hooks ("PreToolUse input", "Exit code output",
// "PreToolUse decision control": `hookSpecificOutput.permissionDecision` allow | deny | ask with
// `permissionDecisionReason`, `updatedInput`, `additionalContext`; "Common JSON fields":
// `continue`, `stopReason`, `systemMessage`). Where Claude Code and SPEC §19 differ, SPEC wins
// (README "Where this differs from Claude Code"): a hook's `allow` here never skips an `ask` or
// overrides a deny of the rules and guards, and two hooks rewriting the input differently deny
// the call (HOOK_CONFLICT) instead of the last one winning.

let project: Project
beforeEach(() => {
  project = new Project()
})
afterEach(() => {
  project.remove()
})

const command = (text: string): HookCommandSettings => ({ type: 'command', command: text })
const pre = (matcher: string, ...hooks: string[]) => ({
  hooks: { PreToolUse: [{ matcher, hooks: hooks.map(command) }] },
})
const denied = (reason: string, code: string) => ({
  content: [{ type: 'text', text: `Error: ${reason}` }],
  isError: true,
  error: { name: 'ToolDeniedError', code },
})

describe('the hook’s input', () => {
  it('is the call as JSON on stdin, run as sh -c in the project root with the project variables', async () => {
    const dump = project.script(
      'dump.sh',
      `cat > "$CLAUDE_PROJECT_DIR/input.json"; printf '%s\\n%s\\n%s\\n%s' "$PWD" "$TOOLPIPE_PROJECT_DIR" "$CLAUDE_PROJECT_DIR" "\${GEMINI_PROJECT_DIR-unset}" > "$CLAUDE_PROJECT_DIR/env.txt"`,
    )
    const { call, ran } = harness(pre('Bash', dump), {
      projectRoot: project.root,
      sessionId: 'session-7',
      permissionMode: 'acceptEdits',
    })
    const result = await call({ command: 'ls -la' }, { callId: asCallId('toolu_01') })
    expect(result.isError).toBe(false)
    expect(ran).toEqual([{ tool: 'Bash', args: { command: 'ls -la' } }])
    expect(JSON.parse(readFileSync(project.file('input.json'), 'utf8'))).toEqual({
      session_id: 'session-7',
      cwd: project.root,
      permission_mode: 'acceptEdits',
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'ls -la' },
      tool_use_id: 'toolu_01',
    })
    expect(readFileSync(project.file('env.txt'), 'utf8')).toBe(
      [project.root, project.root, project.root, 'unset'].join('\n'),
    )
  })

  it('names the tool by its rule name, and the default permission mode and a session id are filled in', async () => {
    const dump = `cat > ${quote(project.file('input.json'))}`
    const { call } = harness(pre('mcp__files__read', dump), { projectRoot: project.root })
    await call({ path: 'a.txt' }, { name: 'files_read' })
    const input = JSON.parse(readFileSync(project.file('input.json'), 'utf8')) as Record<
      string,
      unknown
    >
    expect(input.tool_name).toBe('mcp__files__read')
    expect(input.permission_mode).toBe('default')
    expect(input.session_id).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe('matchers', () => {
  it('match the whole rule name: Bash is not BashOutput; empty and * match every tool', async () => {
    const log = project.file('log.txt')
    const mark = (label: string) => `cat > /dev/null; echo ${label} >> ${quote(log)}`
    const { call } = harness(
      {
        hooks: {
          PreToolUse: [
            { matcher: 'Bash', hooks: [command(mark('bash'))] },
            { matcher: 'Edit|Write', hooks: [command(mark('edit'))] },
            { matcher: '', hooks: [command(mark('empty'))] },
            { matcher: '*', hooks: [command(mark('star'))] },
            { hooks: [command(mark('absent'))] },
            { matcher: 'mcp__files__.*', hooks: [command(mark('mcp'))] },
          ],
        },
      },
      { projectRoot: project.root },
    )
    const lines = async (name: string, args: object) => {
      writeFileSync(log, '')
      await call(args as never, { name })
      return readFileSync(log, 'utf8').split('\n').filter(Boolean).sort()
    }
    expect(await lines('Bash', { command: 'ls' })).toEqual(['absent', 'bash', 'empty', 'star'])
    expect(await lines('BashOutput', { bash_id: '1' })).toEqual(['absent', 'empty', 'star'])
    expect(await lines('Edit', { file_path: 'a' })).toEqual(['absent', 'edit', 'empty', 'star'])
    expect(await lines('files_read', { path: 'a' })).toEqual(['absent', 'empty', 'mcp', 'star'])
  })
})

describe('exit codes', () => {
  it('exit 2 denies with stderr as the reason (HOOK_DENIED), and the tool does not run', async () => {
    const { call, ran, decisions } = harness(
      pre('Bash', 'cat > /dev/null; echo "no rm here" >&2; exit 2'),
      { projectRoot: project.root },
    )
    const result = await call({ command: 'rm -rf /' })
    expect(result).toEqual(denied('no rm here', 'HOOK_DENIED'))
    expect(ran).toEqual([])
    expect(decisions.filter(({ decision }) => decision.stage === 'hook')).toEqual([
      {
        callId: expect.any(String) as unknown,
        decision: {
          stage: 'hook',
          outcome: 'deny',
          source: { kind: 'hook', id: 'cat > /dev/null; echo "no rm here" >&2; exit 2' },
          reason: 'no rm here',
        },
      },
    ])
  })

  it('exit 0 with plain text decides nothing; the call goes on and nothing is logged', async () => {
    const { call, ran, warnings, decisions } = harness(pre('Bash', 'echo looks fine'), {
      projectRoot: project.root,
    })
    expect((await call({ command: 'ls' })).isError).toBe(false)
    expect(ran).toHaveLength(1)
    expect(warnings).toEqual([])
    expect(decisions).toEqual([])
  })

  it.each([
    [
      'another exit code',
      'echo "jq: not found" >&2; exit 1',
      /exited with code 1: jq: not found; the call goes on$/,
    ],
    ['a crash', 'kill -SEGV $$', /was killed by SIGSEGV; the call goes on$/],
    [
      'text that starts with { but is not JSON',
      'echo "{ not json"',
      /printed output that starts with "\{" but is not JSON: .*; the call goes on$/,
    ],
    [
      'JSON that is not an answer',
      answers({ hookSpecificOutput: { permissionDecision: 'maybe' } }),
      /answered JSON that is not a hook answer: \$\.hookSpecificOutput\.permissionDecision must be "allow", "deny", "ask", got "maybe"; the call goes on$/,
    ],
    [
      'an answer for another event',
      answers({ hookSpecificOutput: { hookEventName: 'PostToolUse', permissionDecision: 'deny' } }),
      /\$\.hookSpecificOutput\.hookEventName is "PostToolUse", but the hook ran for PreToolUse; the call goes on$/,
    ],
  ])(
    '%s is a non-blocking error: logged once with the command, the call goes on',
    async (_, hook, message) => {
      const { call, ran, warnings, decisions } = harness(pre('Bash', hook), {
        projectRoot: project.root,
      })
      const result = await call({ command: 'ls' })
      expect(result.isError).toBe(false)
      expect(ran).toHaveLength(1)
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toContain(`PreToolUse hook "${hook}" `)
      expect(warnings[0]).toMatch(message)
      expect(decisions).toEqual([])
    },
  )
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

describe('several hooks on one call', () => {
  it('run in parallel', async () => {
    // Each waits for the other to have started: run one after the other, both would time out.
    const a = `cat >/dev/null; touch a; i=0; while [ ! -f b ] && [ $i -lt 300 ]; do sleep 0.01; i=$((i+1)); done; [ -f b ] || exit 1`
    const b = `cat >/dev/null; touch b; i=0; while [ ! -f a ] && [ $i -lt 300 ]; do sleep 0.01; i=$((i+1)); done; [ -f a ] || exit 1`
    const { call, warnings } = harness(pre('Bash', a, b), { projectRoot: project.root })
    expect((await call({ command: 'ls' })).isError).toBe(false)
    expect(warnings).toEqual([])
  })

  it.each([
    ['deny over ask and allow', ['allow', 'ask', 'deny'], 'HOOK_DENIED'],
    ['ask over allow', ['allow', 'ask'], 'ask'],
  ])('the strictest wins: %s', async (_, decisions, expected) => {
    const hooks = decisions.map((decision) =>
      answers({
        hookSpecificOutput: { permissionDecision: decision, permissionDecisionReason: decision },
      }),
    )
    const { call, approvals } = harness(pre('Bash', ...hooks), { projectRoot: project.root })
    const result = await call({ command: 'ls' })
    if (expected === 'ask') {
      expect(approvals.map((request) => request.reason)).toEqual(['ask'])
      expect(result.isError).toBe(false)
    } else {
      expect(result).toEqual(denied('deny', expected))
    }
  })

  it('HOOK_STOPPED wins over HOOK_DENIED', async () => {
    const { call } = harness(
      pre(
        'Bash',
        'cat >/dev/null; echo nope >&2; exit 2',
        answers({ continue: false, stopReason: 'stop the turn' }),
      ),
      { projectRoot: project.root },
    )
    expect(await call({ command: 'ls' })).toEqual(denied('stop the turn', 'HOOK_STOPPED'))
  })

  it('two updatedInputs that differ deny the call (HOOK_CONFLICT); identical ones are one edit', async () => {
    const edit = (command: string) => answers({ hookSpecificOutput: { updatedInput: { command } } })
    const conflict = harness(pre('Bash', edit('ls -1'), edit('ls -a')), {
      projectRoot: project.root,
    })
    const result = await conflict.call({ command: 'ls' })
    expect(result.error).toEqual({ name: 'ToolDeniedError', code: 'HOOK_CONFLICT' })
    expect(conflict.ran).toEqual([])

    const agreeing = harness(pre('Bash', edit('ls -1'), `sleep 0.05; ${edit('ls -1')}`), {
      projectRoot: project.root,
    })
    expect((await agreeing.call({ command: 'ls' })).isError).toBe(false)
    expect(agreeing.ran).toEqual([{ tool: 'Bash', args: { command: 'ls -1' } }])
  })

  it('an edit of a listener inside the hooks must agree with theirs (HOOK_CONFLICT); alone, it stands', async () => {
    const edit = answers({ hookSpecificOutput: { updatedInput: { command: 'ls -1' } } })
    const { call, registry, ran } = harness(pre('Bash', edit), { projectRoot: project.root })
    // Registered after commandHooks(): the inner listener, whose decision the hooks get from next().
    registry.on('tools/pre-execute', (exec) => {
      const command = (exec.arguments as { command: string }).command
      return command === 'pwd'
        ? { kind: 'allow', arguments: { command: 'ls -1' } }
        : { kind: 'allow', arguments: { command: 'ls -a' } }
    })
    const conflict = await call({ command: 'ls' })
    expect(conflict).toEqual(
      denied(
        'the hooks and a tools/pre-execute listener rewrote the arguments differently',
        'HOOK_CONFLICT',
      ),
    )
    expect((await call({ command: 'pwd' })).isError).toBe(false)
    expect(ran).toEqual([{ tool: 'Bash', args: { command: 'ls -1' } }])
  })

  it('identical commands run once, with the longest of their timeouts', async () => {
    const counter = project.file('count.txt')
    const hook = `cat >/dev/null; echo run >> ${quote(counter)}; sleep 0.6`
    const { call, warnings } = harness(
      {
        hooks: {
          PreToolUse: [
            { matcher: 'Bash', hooks: [{ type: 'command', command: hook, timeout: 0.2 }] },
            { matcher: '.*', hooks: [{ type: 'command', command: hook, timeout: 30 }] },
          ],
        },
      },
      { projectRoot: project.root },
    )
    await call({ command: 'ls' })
    expect(readFileSync(counter, 'utf8')).toBe('run\n')
    expect(warnings).toEqual([])
  })
})

describe('scopes and agents', () => {
  it('runs hooks for calls of every agent', async () => {
    const { registry, ran } = harness(pre('Bash', 'cat >/dev/null; exit 2'), {
      projectRoot: project.root,
    })
    const scoped = registry.scope({ id: 'other' })
    const result = await scoped.execute({
      callId: asCallId('c'),
      name: 'Bash',
      arguments: { command: 'ls' },
    })
    expect(result.error?.code).toBe('HOOK_DENIED')
    expect(ran).toEqual([])
  })
})
