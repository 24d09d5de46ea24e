import { readFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { HandClock } from './__fixtures__/hand-clock.js'
import { answers, harness, Project, quote } from './__fixtures__/hook-harness.js'
import { denied, pre } from './__fixtures__/pre-hooks.js'

// SPEC §19, several hooks on one call before it (PreToolUse), with real hook processes: they run
// in parallel, the strictest answer wins, and two hooks rewriting the input differently deny the
// call (HOOK_CONFLICT) instead of the last one winning as in Claude Code.

let project: Project
beforeEach(() => {
  project = new Project()
})
afterEach(() => {
  project.remove()
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
    const hook = `cat >/dev/null; echo run >> ${quote(counter)}`
    const clock = new HandClock()
    const { call, warnings } = harness(
      {
        hooks: {
          PreToolUse: [
            { matcher: 'Bash', hooks: [{ type: 'command', command: hook, timeout: 0.2 }] },
            { matcher: '.*', hooks: [{ type: 'command', command: hook, timeout: 30 }] },
          ],
        },
      },
      { projectRoot: project.root, clock },
    )
    await call({ command: 'ls' })
    expect(readFileSync(counter, 'utf8')).toBe('run\n')
    expect(warnings).toEqual([])
    // Its one run was timed with the longer timeout, 30 s, never the 0.2 s one.
    expect(clock.asked).toContain(30_000)
    expect(clock.asked).not.toContain(200)
  })
})
