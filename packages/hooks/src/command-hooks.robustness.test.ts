import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { HandClock } from './__fixtures__/hand-clock.js'
import { becomesGone, killQuietly, pidsIn, pidsWritten } from './__fixtures__/processes.js'
import { answers, harness, Project, quote } from './__fixtures__/hook-harness.js'

// Issue 31's robustness list, through the plugin, with real child processes: a hook that never
// exits is killed with its whole process group at its timeout (its forked background child
// included, checked by pid); one that prints 50 MB is read to 1 MiB and neither hangs nor blocks;
// one that crashes, prints garbage or exits 1 never blocks a call and is reported once. The
// timeout runs on a hand-driven clock: the test fires it once the hook has started.

let project: Project
beforeEach(() => {
  project = new Project()
})
afterEach(() => {
  project.remove()
})

const pre = (command: string, timeout?: number) => ({
  hooks: {
    PreToolUse: [
      {
        matcher: 'Bash',
        hooks: [
          { type: 'command' as const, command, ...(timeout === undefined ? {} : { timeout }) },
        ],
      },
    ],
  },
})

describe('a hook that never exits', () => {
  it('is killed with its process group at its timeout, background child included; the call goes on', async () => {
    const pids = project.file('pids.txt')
    // The pids go to a file: the hook's stdout is not read once it is killed.
    const hook = `cat >/dev/null; sleep 300 & echo $! > ${quote(pids)}; echo $$ >> ${quote(pids)}; sleep 300`
    const clock = new HandClock()
    const { call, ran, warnings } = harness(pre(hook, 0.3), { projectRoot: project.root, clock })
    const pending = call({ command: 'ls' })
    await pidsWritten(pids, 2)
    await clock.timerOf(300)
    expect(clock.fire(300)).toBe(1)
    const result = await pending
    const started = pidsIn(readFileSync(pids, 'utf8'))
    try {
      expect(result.isError).toBe(false)
      expect(ran).toHaveLength(1)
      expect(warnings).toEqual([
        `@toolpipe/hooks: PreToolUse hook "${hook}" timed out after 0.3 s; its process group was killed; the call goes on`,
      ])
      expect(started).toHaveLength(2)
      for (const pid of started) expect(await becomesGone(pid)).toBe(true)
    } finally {
      killQuietly(started)
    }
  })

  it('is killed the same way when the call’s signal aborts, and the call is cancelled', async () => {
    const pids = project.file('pids.txt')
    const hook = `cat >/dev/null; sleep 300 & echo $! > ${quote(pids)}; echo $$ >> ${quote(pids)}; sleep 300`
    const { call, ran } = harness(pre(hook), { projectRoot: project.root })
    const controller = new AbortController()
    const pending = call({ command: 'ls' }, { signal: controller.signal })
    const started = await pidsWritten(pids, 2)
    controller.abort()
    const result = await pending
    try {
      expect(result.error).toEqual({ name: 'ToolDeniedError', code: 'CANCELLED' })
      expect(ran).toEqual([])
      expect(started).toHaveLength(2)
      for (const pid of started) expect(await becomesGone(pid)).toBe(true)
    } finally {
      killQuietly(started)
    }
  })

  // A hook killed by this side never answered: the call must not go on as if it had merely
  // crashed (a non-blocking error), or disposing the plugin would let through a call its hook was
  // about to deny.
  it('is killed when the plugin is disposed, and the call it held is denied', async () => {
    const pids = project.file('pids.txt')
    const hook = `cat >/dev/null; echo $$ > ${quote(pids)}; sleep 300`
    const { call, dispose, ran, warnings } = harness(pre(hook), { projectRoot: project.root })
    const pending = call({ command: 'ls' })
    const started = await pidsWritten(pids, 1)
    dispose()
    try {
      const result = await pending
      expect(result.error).toEqual({ name: 'ToolDeniedError', code: 'HOOK_DENIED' })
      expect(result.content).toEqual([
        {
          type: 'text',
          text: `Error: hook "${hook}" was stopped before it answered: the hooks plugin was disposed, or the process is ending`,
        },
      ])
      expect(ran).toEqual([])
      expect(warnings).toEqual([])
      // The hook did start: it wrote its pid.
      expect(started).toHaveLength(1)
      expect(await becomesGone(started[0]!)).toBe(true)
    } finally {
      killQuietly(started)
    }
  })

  it('after the body, a hook killed by the dispose blocks the result', async () => {
    const pids = project.file('pids.txt')
    const hook = `cat >/dev/null; echo $$ > ${quote(pids)}; sleep 300`
    const postHook = {
      hooks: {
        PostToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command' as const, command: hook }] }],
      },
    }
    const { call, dispose, ran } = harness(postHook, { projectRoot: project.root })
    const pending = call({ command: 'ls' })
    const started = await pidsWritten(pids, 1)
    dispose()
    try {
      const result = await pending
      expect(ran).toHaveLength(1)
      expect(result.error?.code).toBe('POST_BLOCKED')
      expect(result.content.at(-1)).toEqual({
        type: 'text',
        text: `hook "${hook}" was stopped before it answered: the hooks plugin was disposed, or the process is ending`,
      })
      expect(await becomesGone(started[0]!)).toBe(true)
    } finally {
      killQuietly(started)
    }
  })
})

describe('a hook that prints 50 MB', () => {
  it('is read to 1 MiB, drained, and its cut JSON is a non-blocking error; the call goes on', async () => {
    // A JSON answer padded with 50 MB of spaces inside a string: cut at 1 MiB, it no longer parses.
    const hook = `cat >/dev/null; printf '{"systemMessage":"'; head -c 50000000 /dev/zero | tr '\\0' ' '; printf '"}'`
    const { call, ran, warnings, messages } = harness(pre(hook), { projectRoot: project.root })
    const result = await call({ command: 'ls' })
    expect(result.isError).toBe(false)
    expect(ran).toHaveLength(1)
    expect(messages).toEqual([])
    expect(warnings).toHaveLength(1)
    // 50,000,000 spaces plus the JSON around them (printf's bytes).
    expect(warnings[0]).toMatch(
      /PreToolUse hook ".*" printed output that starts with "\{" but is not JSON \(its 50000020-byte output was cut at 1 MiB\): .+; the call goes on$/,
    )
  })

  it('on stderr with exit 2 denies with the first MiB as the reason', async () => {
    const hook = `cat >/dev/null; head -c 50000000 /dev/zero | tr '\\0' 'x' >&2; exit 2`
    const { call } = harness(pre(hook), { projectRoot: project.root })
    const result = await call({ command: 'ls' })
    expect(result.error?.code).toBe('HOOK_DENIED')
    const text = result.content[0]!.type === 'text' ? result.content[0]!.text : ''
    expect(text).toBe(`Error: ${'x'.repeat(1024 * 1024)}`)
  })
})

describe('hostile answers', () => {
  it('a hook that never reads its (large) input is fine', async () => {
    // The hook proves it ran by the marker it leaves; it never reads its 4 MiB input.
    const marker = project.file('ran.txt')
    const { call, ran, warnings } = harness(pre(`touch ${quote(marker)}; exit 0`), {
      projectRoot: project.root,
    })
    expect((await call({ command: 'x'.repeat(4 * 1024 * 1024) })).isError).toBe(false)
    expect(existsSync(marker)).toBe(true)
    expect(ran).toHaveLength(1)
    expect(warnings).toEqual([])
  })

  it('an updatedInput nested past 512 levels is a non-blocking error, not a crash', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`
    // Too long for a command line (E2BIG): the answer sits in a file the hook prints.
    const answer = project.file('deep.json')
    writeFileSync(answer, `{"hookSpecificOutput":{"updatedInput":{"command":${deep}}}}`)
    const hook = `cat >/dev/null; cat ${quote(answer)}`
    const { call, ran, warnings } = harness(pre(hook), { projectRoot: project.root })
    expect((await call({ command: 'ls' })).isError).toBe(false)
    expect(ran).toEqual([{ tool: 'Bash', args: { command: 'ls' } }])
    expect(warnings).toEqual([
      expect.stringContaining('$.hookSpecificOutput.updatedInput cannot be used: not JSON at'),
    ])
  })

  it('a __proto__ key in an answer is data, never a prototype', async () => {
    const { call, ran } = harness(
      pre(
        answers({
          hookSpecificOutput: {
            updatedInput: JSON.parse('{"command":"ls","__proto__":{"isAdmin":true}}') as object,
          },
        }),
      ),
      { projectRoot: project.root },
    )
    const result = await call({ command: 'ls' })
    // The Bash schema leaves unknown keys alone: the edit stands, its `__proto__` an own key.
    expect(result.isError).toBe(false)
    expect(ran).toHaveLength(1)
    const args = ran[0]!.args as Record<string, unknown>
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype)
    expect(Object.keys(args)).toEqual(['command', '__proto__'])
    expect((args as { isAdmin?: unknown }).isAdmin).toBeUndefined()
    expect(({} as { isAdmin?: unknown }).isAdmin).toBeUndefined()
  })
})
