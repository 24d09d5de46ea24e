import { existsSync, readFileSync } from 'node:fs'
import { asCallId } from '@toolpipe/core'
import type { PostToolDecision } from '@toolpipe/tools'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { answers, harness, Project, quote } from './__fixtures__/hook-harness.js'

// SPEC §19 after the body: PostToolUse after it ran and succeeded, PostToolUseFailure after it
// ran and failed, with real hook processes. Claude Code's hooks reference,
// https://code.claude.com/docs/en/hooks ("PostToolUse input": `tool_response`; "PostToolUse
// decision control": `decision: "block"` with `reason`, `hookSpecificOutput.additionalContext`;
// "PostToolUseFailure": the same input plus `error`). Claude Code passes the tool's own output
// object as `tool_response`; SPEC §19 fixes it as `{ content, structured?, isError }`. A block
// after the body keeps the tool's output and adds the reason after it (SPEC §26): Claude Code's
// PostToolUse `decision: "block"` "Automatically prompts Claude with reason" and exit 2 "Shows
// stderr to Claude (tool already ran)" (same page, "PostToolUse decision control", "Exit code 2
// behavior per event").

let project: Project
beforeEach(() => {
  project = new Project()
})
afterEach(() => {
  project.remove()
})

const post = (
  event: 'PostToolUse' | 'PostToolUseFailure',
  matcher: string,
  ...commands: string[]
) => ({
  hooks: {
    [event]: [
      { matcher, hooks: commands.map((command) => ({ type: 'command' as const, command })) },
    ],
  },
})

describe('PostToolUse', () => {
  it('runs after a body that ran and succeeded, told the result as tool_response', async () => {
    const input = project.file('input.json')
    const { call } = harness(post('PostToolUse', 'Bash', `cat > ${quote(input)}`), {
      projectRoot: project.root,
    })
    await call({ command: 'ls' }, { callId: asCallId('toolu_9') })
    expect(JSON.parse(readFileSync(input, 'utf8'))).toEqual({
      session_id: expect.any(String) as unknown,
      cwd: project.root,
      permission_mode: 'default',
      hook_event_name: 'PostToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      tool_use_id: 'toolu_9',
      tool_response: { content: [{ type: 'text', text: 'Bash ran' }], isError: false },
    })
  })

  it('does not run for a call that was denied, or whose body failed', async () => {
    const marker = project.file('ran.txt')
    const { call } = harness(
      {
        hooks: {
          PreToolUse: [
            { matcher: 'Edit', hooks: [{ type: 'command', command: 'cat >/dev/null; exit 2' }] },
          ],
          PostToolUse: [
            { hooks: [{ type: 'command', command: `cat >/dev/null; touch ${quote(marker)}` }] },
          ],
        },
      },
      { projectRoot: project.root },
    )
    expect((await call({ file_path: 'a' }, { name: 'Edit' })).error?.code).toBe('HOOK_DENIED')
    expect((await call({}, { name: 'Failing' })).error?.code).toBe('TOOL_FAILED')
    expect((await call({ nope: 1 }, { name: 'Bash' })).error?.code).toBe('INVALID_ARGS')
    expect(existsSync(marker)).toBe(false)
  })

  it('exit 2 blocks the result: the tool’s output stays, stderr follows it as the feedback', async () => {
    const { call, decisions } = harness(
      post('PostToolUse', 'Bash', 'cat >/dev/null; echo "lint failed: fix src/a.ts" >&2; exit 2'),
      {
        projectRoot: project.root,
      },
    )
    const result = await call({ command: 'ls' })
    expect(result).toEqual({
      content: [
        { type: 'text', text: 'Bash ran' },
        { type: 'text', text: 'lint failed: fix src/a.ts' },
      ],
      isError: true,
      error: { name: 'ToolBlockedError', code: 'POST_BLOCKED' },
    })
    expect(
      decisions.filter(({ decision }) => decision.stage === 'hook').map(({ decision }) => decision),
    ).toEqual([
      {
        stage: 'hook',
        outcome: 'block',
        source: {
          kind: 'hook',
          id: 'cat >/dev/null; echo "lint failed: fix src/a.ts" >&2; exit 2',
        },
        reason: 'lint failed: fix src/a.ts',
      },
    ])
  })

  it('decision: "block" blocks with its reason after the output; additionalContext joins the result’s context', async () => {
    const { call } = harness(
      post(
        'PostToolUse',
        'Bash',
        answers({ decision: 'block', reason: 'the output leaked a token' }),
        answers({
          hookSpecificOutput: {
            hookEventName: 'PostToolUse',
            additionalContext: 'tokens rotate hourly',
          },
        }),
      ),
      { projectRoot: project.root },
    )
    const result = await call({ command: 'env' })
    expect(result.content).toEqual([
      { type: 'text', text: 'Bash ran' },
      { type: 'text', text: 'the output leaked a token' },
    ])
    expect(result.error?.code).toBe('POST_BLOCKED')
    expect(result.additionalContext?.content).toEqual([
      { type: 'text', text: 'tokens rotate hourly' },
    ])
  })

  it('a block keeps the output as the listeners inside it left it, and their block’s feedback', async () => {
    const hooks = post('PostToolUse', 'Bash', 'cat >/dev/null; echo "fix it" >&2; exit 2')
    const inner: PostToolDecision[] = [
      { kind: 'accept', content: [{ type: 'text', text: 'cut' }] },
      { kind: 'block', feedback: [{ type: 'text', text: 'inner no' }] },
    ]
    for (const decision of inner) {
      const { call, registry, dispose } = harness(hooks, { projectRoot: project.root })
      // Registered after commandHooks(): inside it, its decision is what next() gives.
      registry.on('tools/post-execute', () => Promise.resolve(decision))
      const result = await call({ command: 'ls' })
      expect(result.content).toEqual([
        { type: 'text', text: decision.kind === 'accept' ? 'cut' : 'inner no' },
        { type: 'text', text: 'fix it' },
      ])
      expect(result.error?.code).toBe('POST_BLOCKED')
      dispose()
    }
  })

  // SPEC §19: "`continue: false` blocks with the stop reason and code HOOK_STOPPED"; §26: a
  // PostToolUse block "keeps the tool's output and adds the reason after it".
  it('continue: false blocks with HOOK_STOPPED: the output kept, the stop reason after it', async () => {
    const { call } = harness(
      post('PostToolUse', 'Bash', answers({ continue: false, stopReason: 'tests broke; stop' })),
      {
        projectRoot: project.root,
      },
    )
    expect(await call({ command: 'pnpm test' })).toEqual({
      content: [
        { type: 'text', text: 'Bash ran' },
        { type: 'text', text: 'tests broke; stop' },
      ],
      isError: true,
      error: { name: 'HookStoppedError', code: 'HOOK_STOPPED' },
    })
  })

  it('a failing hook after the body is logged once and the result stands', async () => {
    const { call, warnings } = harness(post('PostToolUse', 'Bash', 'cat >/dev/null; exit 7'), {
      projectRoot: project.root,
    })
    expect(await call({ command: 'ls' })).toEqual({
      content: [{ type: 'text', text: 'Bash ran' }],
      isError: false,
    })
    expect(warnings).toEqual([
      expect.stringMatching(
        /^@toolpipe\/hooks: PostToolUse hook "cat >\/dev\/null; exit 7" exited with code 7; the call goes on$/,
      ),
    ])
  })
})

describe('PostToolUseFailure', () => {
  it('runs after a body that ran and failed, told the result and the error', async () => {
    const input = project.file('input.json')
    const success = project.file('success.txt')
    const { call } = harness(
      {
        hooks: {
          PostToolUseFailure: [{ hooks: [{ type: 'command', command: `cat > ${quote(input)}` }] }],
          PostToolUse: [
            { hooks: [{ type: 'command', command: `cat >/dev/null; touch ${quote(success)}` }] },
          ],
        },
      },
      { projectRoot: project.root },
    )
    await call({}, { name: 'Failing' })
    const told = JSON.parse(readFileSync(input, 'utf8')) as Record<string, unknown>
    expect(told.hook_event_name).toBe('PostToolUseFailure')
    expect(told.tool_name).toBe('Failing')
    expect(told.tool_response).toEqual({
      content: [{ type: 'text', text: 'Error: disk full' }],
      isError: true,
    })
    expect(told.error).toBe('Error: disk full')
    expect(existsSync(success)).toBe(false)
  })

  it('a blocking answer is shown beside the failure, which stays what it was; additionalContext joins', async () => {
    const { call } = harness(
      post(
        'PostToolUseFailure',
        'Failing',
        'cat >/dev/null; echo "free some space first" >&2; exit 2',
        answers({
          hookSpecificOutput: {
            hookEventName: 'PostToolUseFailure',
            additionalContext: 'df says 0%',
          },
        }),
      ),
      { projectRoot: project.root },
    )
    const result = await call({}, { name: 'Failing' })
    expect(result.content).toEqual([
      { type: 'text', text: 'Error: disk full' },
      { type: 'text', text: 'free some space first' },
    ])
    expect(result.error).toEqual({ name: 'ToolFailedError', code: 'TOOL_FAILED' })
    expect(result.additionalContext?.content).toEqual([{ type: 'text', text: 'df says 0%' }])
  })
})
