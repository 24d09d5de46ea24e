import { readFileSync, writeFileSync } from 'node:fs'
import { asCallId } from '@toolpipe/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { answers, harness, Project, quote } from './__fixtures__/hook-harness.js'
import { command, denied, pre } from './__fixtures__/pre-hooks.js'

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

  it.each([
    [false, 'the whole environment (as Claude Code gives it)', 'ghp-in-env|sk-in-env|/usr/bin'],
    [
      true,
      'with scrubEnv, the environment minus the secret-named variables (SPEC §25)',
      '||/usr/bin',
    ],
  ])('scrubEnv %s: %s', async (scrubEnv, _name, expected) => {
    process.env.TOOLPIPE_TEST_GITHUB_TOKEN = 'ghp-in-env'
    process.env.TOOLPIPE_TEST_API_KEY = 'sk-in-env'
    try {
      const dump = `printf '%s|%s|%s' "$TOOLPIPE_TEST_GITHUB_TOKEN" "$TOOLPIPE_TEST_API_KEY" "\${PATH%%:*}" > "$CLAUDE_PROJECT_DIR/env.txt"`
      const { call } = harness(pre('Bash', dump), { projectRoot: project.root, scrubEnv })
      await call({ command: 'ls' })
      const [secret, key, path] = readFileSync(project.file('env.txt'), 'utf8').split('|')
      expect([secret, key].join('|')).toBe(expected.split('|').slice(0, 2).join('|'))
      expect(path).not.toBe('')
    } finally {
      delete process.env.TOOLPIPE_TEST_GITHUB_TOKEN
      delete process.env.TOOLPIPE_TEST_API_KEY
    }
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
