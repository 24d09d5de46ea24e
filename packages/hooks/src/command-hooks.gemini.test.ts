import { readFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { HandClock } from './__fixtures__/hand-clock.js'
import { answers, harness, Project, quote } from './__fixtures__/hook-harness.js'

// SPEC §19's `dialect: 'gemini'`, against Gemini CLI's hooks reference
// (https://geminicli.com/docs/hooks/reference): `BeforeTool` / `AfterTool`; a top-level
// `decision` ("allow" or "deny", alias "block") with `reason`; `hookSpecificOutput.tool_input`
// "merges with and overrides the model's arguments"; `timeout` in milliseconds (default 60000);
// a group's `sequential: true` runs its hooks one after another; `GEMINI_PROJECT_DIR` in the
// environment. Same process rules as Claude Code's dialect. Where Gemini CLI differs from SPEC
// §19 (it matches a regex anywhere in the name, and its `tool_response` holds `llmContent`),
// SPEC wins.

let project: Project
beforeEach(() => {
  project = new Project()
})
afterEach(() => {
  project.remove()
})

const command = (text: string, timeout?: number) => ({
  type: 'command' as const,
  command: text,
  ...(timeout === undefined ? {} : { timeout }),
})

describe("dialect: 'gemini'", () => {
  it('runs BeforeTool hooks with GEMINI_PROJECT_DIR, told hook_event_name BeforeTool and a timestamp', async () => {
    const input = project.file('input.json')
    const { call } = harness(
      {
        hooks: {
          BeforeTool: [
            {
              matcher: 'Bash',
              hooks: [
                command(
                  `cat > ${quote(input)}; printf %s "$GEMINI_PROJECT_DIR" > ${quote(project.file('dir.txt'))}`,
                ),
              ],
            },
          ],
        },
      },
      { projectRoot: project.root, dialect: 'gemini' },
    )
    await call({ command: 'ls' })
    const told = JSON.parse(readFileSync(input, 'utf8')) as Record<string, unknown>
    expect(told.hook_event_name).toBe('BeforeTool')
    expect(told.tool_input).toEqual({ command: 'ls' })
    expect(new Date(told.timestamp as string).getTime()).not.toBeNaN()
    expect(readFileSync(project.file('dir.txt'), 'utf8')).toBe(project.root)
  })

  it('reads the top-level decision: deny and block deny, ask asks, allow allows', async () => {
    for (const [decision, code] of [
      ['deny', 'HOOK_DENIED'],
      ['block', 'HOOK_DENIED'],
    ] as const) {
      const { call, ran } = harness(
        {
          hooks: {
            BeforeTool: [{ hooks: [command(answers({ decision, reason: 'policy says no' }))] }],
          },
        },
        { projectRoot: project.root, dialect: 'gemini' },
      )
      const result = await call({ command: 'ls' })
      expect(result.error).toEqual({ name: 'ToolDeniedError', code })
      expect(result.content).toEqual([{ type: 'text', text: 'Error: policy says no' }])
      expect(ran).toEqual([])
    }
    const asking = harness(
      {
        hooks: {
          BeforeTool: [{ hooks: [command(answers({ decision: 'ask', reason: 'sure?' }))] }],
        },
      },
      { projectRoot: project.root, dialect: 'gemini' },
    )
    await asking.call({ command: 'ls' })
    expect(asking.approvals.map((request) => request.reason)).toEqual(['sure?'])
  })

  it('merges hookSpecificOutput.tool_input into the arguments', async () => {
    const { call, ran } = harness(
      {
        hooks: {
          BeforeTool: [
            { hooks: [command(answers({ hookSpecificOutput: { tool_input: { timeout: 30 } } }))] },
          ],
        },
      },
      { projectRoot: project.root, dialect: 'gemini' },
    )
    await call({ command: 'ls' })
    expect(ran).toEqual([{ tool: 'Bash', args: { command: 'ls', timeout: 30 } }])
  })

  it('runs a sequential group’s hooks in order, each told the arguments the ones before it left', async () => {
    const seen = project.file('seen.txt')
    const first = `cat >> ${quote(seen)}; echo >> ${quote(seen)}; printf '%s' '{"hookSpecificOutput":{"tool_input":{"command":"ls -1"}}}'`
    const second = `cat >> ${quote(seen)}; echo >> ${quote(seen)}; printf '%s' '{"hookSpecificOutput":{"tool_input":{"timeout":5}}}'`
    const { call, ran } = harness(
      {
        hooks: {
          BeforeTool: [
            { matcher: 'Bash', sequential: true, hooks: [command(first), command(second)] },
          ],
        },
      },
      { projectRoot: project.root, dialect: 'gemini' },
    )
    await call({ command: 'ls' })
    const inputs = readFileSync(seen, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { tool_input: unknown }).tool_input)
    expect(inputs).toEqual([{ command: 'ls' }, { command: 'ls -1' }])
    expect(ran).toEqual([{ tool: 'Bash', args: { command: 'ls -1', timeout: 5 } }])
  })

  it('takes timeouts in milliseconds', async () => {
    const clock = new HandClock()
    const { call, warnings } = harness(
      { hooks: { BeforeTool: [{ hooks: [command('cat >/dev/null; sleep 30', 200)] }] } },
      { projectRoot: project.root, dialect: 'gemini', clock },
    )
    const pending = call({ command: 'ls' })
    // The hook's timer is of 200 ms: firing it stops the hook, whatever it was doing.
    await clock.timerOf(200)
    clock.fire(200)
    expect((await pending).isError).toBe(false)
    expect(warnings).toEqual([
      expect.stringMatching(/BeforeTool hook "cat >\/dev\/null; sleep 30" timed out after 200 ms/),
    ])
  })

  it('runs AfterTool after the body, success or failure; decision deny replaces the result with the reason', async () => {
    const input = project.file('input.json')
    const { call } = harness(
      {
        hooks: {
          AfterTool: [
            { matcher: 'Failing', hooks: [command(`cat > ${quote(input)}`)] },
            {
              matcher: 'Bash',
              hooks: [command(answers({ decision: 'deny', reason: '[output withheld]' }))],
            },
          ],
        },
      },
      { projectRoot: project.root, dialect: 'gemini' },
    )
    const blocked = await call({ command: 'cat .env' })
    expect(blocked.content).toEqual([{ type: 'text', text: '[output withheld]' }])
    expect(blocked.error?.code).toBe('POST_BLOCKED')
    await call({}, { name: 'Failing' })
    const told = JSON.parse(readFileSync(input, 'utf8')) as Record<string, unknown>
    expect(told.hook_event_name).toBe('AfterTool')
    expect(told.tool_response).toEqual({
      content: [{ type: 'text', text: 'Error: disk full' }],
      isError: true,
    })
  })

  it('ignores Claude Code’s event names, as the claude dialect ignores Gemini’s', async () => {
    const { call, ran } = harness(
      { hooks: { PreToolUse: [{ hooks: [command('cat >/dev/null; exit 2')] }] } },
      { projectRoot: project.root, dialect: 'gemini' },
    )
    expect((await call({ command: 'ls' })).isError).toBe(false)
    expect(ran).toHaveLength(1)
  })
})
