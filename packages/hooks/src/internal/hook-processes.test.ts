import { mkdtempSync, realpathSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runInNewContext } from 'node:vm'
import { setFlagsFromString } from 'node:v8'
import { afterAll, describe, expect, it } from 'vitest'
import { HandClock } from '../__fixtures__/hand-clock.js'
import {
  becomesGone,
  killGroupsQuietly,
  killQuietly,
  liveMembersOf,
  pidsIn,
  pidsWritten,
} from '../__fixtures__/processes.js'
import { hookOutputLimitBytes, HookProcesses } from './hook-processes.js'
import type { HookProcessRequest } from './hook-processes.js'

// Every test here runs real `/bin/sh` children: the runner is the part of the plugin that a
// hostile or broken hook script meets first. Time is a hand-driven clock where it matters (the
// timeout, the wait for pipes): a test fires a timer once the hook has said, in a file, that it
// got where the test needs it.

const root = realpathSync(mkdtempSync(join(tmpdir(), 'toolpipe-hooks-')))
afterAll(() => {
  rmSync(root, { recursive: true, force: true })
})

function request(command: string, overrides: Partial<HookProcessRequest> = {}): HookProcessRequest {
  return { command, cwd: root, env: process.env, input: '{}', timeoutMs: 10_000, ...overrides }
}

let files = 0
/** A fresh file for a hook to write its pids to, and the shell word for it. */
function pidFile(): { path: string; word: string } {
  const path = join(root, `pids-${++files}`)
  return { path, word: `'${path}'` }
}

describe('HookProcesses.run', () => {
  it('runs `sh -c command` in the working directory with the environment, input on stdin', async () => {
    const processes = new HookProcesses()
    const run = await processes.run(
      request('printf "%s|%s|" "$PWD" "$HOOK_TEST_VALUE"; cat; echo oops >&2; exit 3', {
        env: { ...process.env, HOOK_TEST_VALUE: 'from env' },
        input: '{"tool_name":"Bash"}',
      }),
    )
    expect(run.end).toEqual({ kind: 'exited', code: 3 })
    expect(run.stdout).toBe(`${root}|from env|{"tool_name":"Bash"}`)
    expect(run.stderr).toBe('oops\n')
    expect(run.stdoutBytes).toBe(Buffer.byteLength(run.stdout))
  })

  it('puts the hook in a process group of its own', async () => {
    const run = await new HookProcesses().run(request('echo $$; ps -o pgid= -p $$'))
    const [pid, pgid] = pidsIn(run.stdout)
    expect(pgid).toBe(pid)
    expect(pgid).not.toBe(process.pid)
  })

  it('takes a hook that never reads its input (EPIPE) as a normal run', async () => {
    // 4 MiB cannot fit a pipe's buffer: the write fails once the hook has exited.
    const run = await new HookProcesses().run(
      request('exit 0', { input: JSON.stringify({ blob: 'x'.repeat(4 * 1024 * 1024) }) }),
    )
    expect(run.end).toEqual({ kind: 'exited', code: 0 })
  })

  it('kills the whole process group at the timeout, a forked background child included', async () => {
    const started = Date.now()
    const clock = new HandClock()
    const file = pidFile()
    const pending = new HookProcesses(clock).run(
      request(
        `sleep 300 & echo $!; echo $! > ${file.word}; echo $$; echo $$ >> ${file.word}; sleep 300`,
        {
          timeoutMs: 300,
        },
      ),
    )
    await pidsWritten(file.path, 2)
    await clock.timerOf(300)
    expect(clock.fire(300)).toBe(1)
    const run = await pending
    const pids = pidsIn(run.stdout)
    try {
      expect(run.end).toEqual({ kind: 'timed-out' })
      expect(pids).toHaveLength(2)
      expect(Date.now() - started).toBeLessThan(5_000)
      for (const pid of pids) expect(await becomesGone(pid)).toBe(true)
    } finally {
      killQuietly(pids)
    }
  })

  it('kills the group when the call’s signal aborts', async () => {
    const processes = new HookProcesses()
    const controller = new AbortController()
    const file = pidFile()
    const pending = processes.run(
      request(`sleep 300 & echo $!; echo $$; echo $$ > ${file.word}; sleep 300`, {
        signal: controller.signal,
      }),
    )
    await pidsWritten(file.path, 1)
    controller.abort()
    const run = await pending
    const pids = pidsIn(run.stdout)
    try {
      expect(run.end).toEqual({ kind: 'aborted' })
      expect(pids).toHaveLength(2)
      for (const pid of pids) expect(await becomesGone(pid)).toBe(true)
    } finally {
      killQuietly(pids)
    }
  })

  it('kills what a hook left running in the background when it exits, without waiting for it', async () => {
    const started = Date.now()
    // The background sleep holds the hook's stdout open: waiting for the pipe would wait 300 s.
    const run = await new HookProcesses().run(request('sleep 300 & echo $!; exit 0'))
    const [pid] = pidsIn(run.stdout)
    try {
      expect(run.end).toEqual({ kind: 'exited', code: 0 })
      expect(Date.now() - started).toBeLessThan(3_000)
      expect(await becomesGone(pid!)).toBe(true)
    } finally {
      killQuietly([pid!])
    }
  })

  it('stops waiting for pipes held by a process that left the group', async () => {
    const started = Date.now()
    const clock = new HandClock()
    const file = pidFile()
    // setsid: the child makes a session of its own, out of the hook's group, keeping stdout. The
    // hook exits once the child said its pid (to stdout, then to the file).
    const pending = new HookProcesses(clock).run(
      request(
        `setsid sh -c "echo \\$\\$; echo \\$\\$ > ${file.word}; exec sleep 300" & while [ ! -s ${file.word} ]; do sleep 0.01; done; exit 0`,
      ),
    )
    // The shell exited: the wait for the pipes starts, and the test ends it.
    await clock.timerOf(1_000)
    expect(clock.fire(1_000)).toBe(1)
    const run = await pending
    const escaped = pidsIn(run.stdout)
    try {
      expect(run.end).toEqual({ kind: 'exited', code: 0 })
      expect(escaped).toHaveLength(1)
      expect(Date.now() - started).toBeLessThan(5_000)
    } finally {
      // The escaped shell leads a group of its own, whose `sleep` would outlive it: kill both.
      killGroupsQuietly(escaped)
    }
    await expect.poll(() => escaped.flatMap(liveMembersOf), { timeout: 2_000 }).toEqual([])
  })

  it('reads 1 MiB of each stream of a hook that prints 50 MB to both, drains the rest, and holds no more', async () => {
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    gc()
    const before = process.memoryUsage()
    let peak = 0
    const sampler = setInterval(() => {
      const now = process.memoryUsage()
      peak = Math.max(peak, now.heapUsed + now.arrayBuffers - before.heapUsed - before.arrayBuffers)
    }, 5)
    const fiftyMegabytes = 50 * 1000 * 1000
    const run = await new HookProcesses().run(
      request(
        `head -c ${fiftyMegabytes} /dev/zero | tr '\\0' 'a'; head -c ${fiftyMegabytes} /dev/zero | tr '\\0' 'b' >&2; exit 2`,
        { timeoutMs: 60_000 },
      ),
    )
    clearInterval(sampler)
    expect(run.end).toEqual({ kind: 'exited', code: 2 })
    // Drained to the end (the hook was never blocked on a full pipe), kept to the limit.
    expect(run.stdoutBytes).toBe(fiftyMegabytes)
    expect(run.stderrBytes).toBe(fiftyMegabytes)
    expect(run.stdout).toBe('a'.repeat(hookOutputLimitBytes))
    expect(run.stderr).toBe('b'.repeat(hookOutputLimitBytes))
    // Two kept MiB and their strings, plus chunks in flight until the next GC: well below the
    // 100 MB printed, which buffering would hold at once (twice over, as strings).
    expect(peak).toBeLessThan(64 * 1024 * 1024)
    // What stays once collected. A busy machine can finish freeing the last chunks' memory a
    // little after one collection (the backing stores are released off the main thread), so
    // collect again until it settles; memory the run still held would never go.
    await expect
      .poll(
        () => {
          gc()
          const after = process.memoryUsage()
          return after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers
        },
        { timeout: 10_000, interval: 100 },
      )
      .toBeLessThan(8 * 1024 * 1024)
    // The kept output is still reachable here, so the memory measured above includes it.
    expect(run.stdout).toHaveLength(hookOutputLimitBytes)
  })

  it('keeps the bytes before the limit when a character is cut', async () => {
    // 1 MiB − 1 ASCII bytes, then a two-byte "é": its first byte is the last kept.
    const run = await new HookProcesses().run(
      request(
        `head -c ${hookOutputLimitBytes - 1} /dev/zero | tr '\\0' 'a'; printf '\\303\\251tail'`,
      ),
    )
    expect(run.stdoutBytes).toBe(hookOutputLimitBytes + 5)
    expect(run.stdout).toBe(`${'a'.repeat(hookOutputLimitBytes - 1)}\uFFFD`)
  })

  it('tells a crash from an exit', async () => {
    const run = await new HookProcesses().run(request('kill -SEGV $$'))
    expect(run.end).toEqual({ kind: 'crashed', signal: 'SIGSEGV' })
  })

  it('reports a hook it cannot start', async () => {
    const run = await new HookProcesses().run(request('true', { cwd: join(root, 'missing') }))
    expect(run.end.kind).toBe('failed')
    expect(run.end.kind === 'failed' && run.end.message).toMatch(/ENOENT/)
    const nul = await new HookProcesses().run(request('echo \0'))
    expect(nul.end.kind).toBe('failed')
  })

  // Killed by this side, not crashed: what the hook would have answered is unknown, and the
  // answer reader denies for it (read-hook-answer).
  it('killAll ends every running hook with its group, each run ended `disposed`', async () => {
    const processes = new HookProcesses()
    const [first, second] = [pidFile(), pidFile()]
    const pending = [
      processes.run(request(`sleep 300 & echo $!; echo $$; echo $$ > ${first.word}; wait`)),
      processes.run(request(`echo $$; echo $$ > ${second.word}; sleep 300`)),
    ]
    await pidsWritten(first.path, 1)
    await pidsWritten(second.path, 1)
    processes.killAll()
    const runs = await Promise.all(pending)
    const pids = runs.flatMap((run) => pidsIn(run.stdout))
    try {
      expect(runs.map((run) => run.end)).toEqual([{ kind: 'disposed' }, { kind: 'disposed' }])
      expect(pids).toHaveLength(3)
      for (const pid of pids) expect(await becomesGone(pid)).toBe(true)
    } finally {
      killQuietly(pids)
    }
  })

  it('leaves no process-exit listener behind once its hooks ended', async () => {
    const listeners = process.listenerCount('exit')
    const processes = new HookProcesses()
    const pending = processes.run(request('true'))
    expect(process.listenerCount('exit')).toBe(listeners + 1)
    await pending
    expect(process.listenerCount('exit')).toBe(listeners)
  })
})
