import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  hopperCommand,
  notLinux,
  onLinux,
  processesWith,
  projectFolder,
} from './__fixtures__/sandbox-fixtures.js'
import { createSandbox } from './create-sandbox.js'
import type { Sandbox } from './sandbox-options.js'

// A run's processes and output (SPEC §23): its own process group, bounded output, and nothing
// of it outlives `run` — background jobs, `setsid`, `nohup` — sandboxed or not.
describe.runIf(onLinux)('a run’s processes', () => {
  let sandbox: Sandbox
  let root: string

  beforeAll(async () => {
    root = projectFolder()
    sandbox = await createSandbox({
      projectRoot: root,
      logger: { warn: () => undefined },
    })
    expect(
      sandbox.reason,
      'install bubblewrap socat ripgrep to run the real sandbox',
    ).toBeUndefined()
  })

  afterAll(async () => {
    await sandbox.dispose()
  })

  it('gives the exit code, stdout and stderr, and how long it took', async () => {
    const run = await sandbox.run('echo out; echo err >&2; exit 3', { callId: 'call_codes' })
    expect(run).toMatchObject({
      exitCode: 3,
      signal: null,
      stdout: 'out\n',
      stderr: 'err\n',
      truncated: false,
      sandboxed: true,
    })
    expect(run.durationMs).toBeGreaterThan(0)
  })

  it('gives the command the environment it is given, whole (as spawn does)', async () => {
    process.env.TOOLPIPE_BENCH_SECRET = 'sk-from-the-harness'
    try {
      const given = await sandbox.run('echo "[$TOOLPIPE_BENCH_SECRET][$ONLY]"', {
        callId: 'call_env',
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ONLY: 'this' },
      })
      expect(given.stdout).toBe('[][this]\n')
      const inherited = await sandbox.run('echo "[$TOOLPIPE_BENCH_SECRET]"', {
        callId: 'call_env_default',
      })
      expect(inherited.stdout).toBe('[sk-from-the-harness]\n')
    } finally {
      delete process.env.TOOLPIPE_BENCH_SECRET
    }
  })

  it('keeps maxOutputBytes of a flood and drains the rest', async () => {
    const run = await sandbox.run('yes toolpipe | head -c 5000000; echo done >&2', {
      callId: 'call_flood',
      maxOutputBytes: 1000,
    })
    expect(run.exitCode).toBe(0)
    expect(run.truncated).toBe(true)
    expect(Buffer.byteLength(run.stdout)).toBe(1000)
    expect(run.stderr).toBe('done\n')
  })

  it('keeps 1 MiB by default', async () => {
    const run = await sandbox.run('head -c 3000000 /dev/zero | tr "\\0" a', {
      callId: 'call_default',
    })
    expect(run.truncated).toBe(true)
    expect(run.stdout.length).toBe(1024 * 1024)
  })

  it('keeps maxOutputBytes of stderr too, each stream on its own', async () => {
    const run = await sandbox.run('yes toolpipe | head -c 5000000 >&2; echo done', {
      callId: 'call_flood_stderr',
      maxOutputBytes: 1000,
    })
    expect(run.exitCode).toBe(0)
    expect(run.truncated).toBe(true)
    expect(Buffer.byteLength(run.stderr)).toBe(1000)
    expect(run.stdout).toBe('done\n')
  })

  it('keeps 1 MiB of stderr by default', async () => {
    const run = await sandbox.run('head -c 3000000 /dev/zero | tr "\\0" a >&2', {
      callId: 'call_default_stderr',
    })
    expect(run.truncated).toBe(true)
    expect(run.stderr.length).toBe(1024 * 1024)
  })

  it('never cuts a character in two', async () => {
    const run = await sandbox.run("printf 'aé€😀%.0s' $(seq 1 1000)", {
      callId: 'call_utf8',
      maxOutputBytes: 8,
    })
    // a (1) é (2) € (3) = 6 bytes; 😀 (4) does not fit in the 2 left.
    expect(run.stdout).toBe('aé€')
    expect(run.truncated).toBe(true)
  })

  it('ends a hung command when its signal aborts', async () => {
    const stop = new AbortController()
    const running = sandbox.run('sleep 4711.1', { callId: 'call_hung', signal: stop.signal })
    await waitFor(() => processesWith('4711.1').length > 0)
    stop.abort()
    const run = await running
    expect(run).toMatchObject({ exitCode: null, signal: 'SIGKILL' })
    expect(processesWith('4711.1')).toEqual([])
  })

  it('rejects with the reason of a signal aborted before it starts, running nothing', async () => {
    const stop = new AbortController()
    stop.abort(new Error('the turn was cancelled'))
    await expect(
      sandbox.run('touch started', { callId: 'call_cancelled', signal: stop.signal }),
    ).rejects.toThrow('the turn was cancelled')
  })

  describe.each([
    ['sandboxed', false],
    ['unsandboxed (dangerouslyDisableSandbox)', true],
  ])('%s: no process outlives the run', (_name, unsandboxed) => {
    it.each([
      ['a background job', (tag: string) => `sleep ${tag} & echo started`],
      ['setsid', (tag: string) => `setsid sleep ${tag} & echo started`],
      ['nohup', (tag: string) => `nohup sleep ${tag} >/dev/null 2>&1 & echo started`],
      ['a double fork', (tag: string) => `( ( setsid sleep ${tag} & ) & ); echo started`],
      [
        'a process that ignores SIGTERM',
        (tag: string) => `( trap '' TERM HUP; setsid sleep ${tag} & ) ; echo started`,
      ],
    ])('%s', async (_kind, line) => {
      const tag = `${String(4000 + Math.floor(Math.random() * 1000))}.${String(Date.now() % 1000)}`
      const run = await sandbox.run(line(tag), {
        callId: `call_background_${tag}`,
        dangerouslyDisableSandbox: unsandboxed,
      })
      expect(run).toMatchObject({ exitCode: 0, stdout: 'started\n', sandboxed: !unsandboxed })
      expect(processesWith(`sleep ${tag}`)).toEqual([])
    })

    // The audit's hopper: the /proc search for the run's mark lists the processes, then reads
    // each one's environment, and kept finding a generation that had already forked the next.
    it('a process that calls setsid and forks on, each generation exiting once its child exists (SPEC §23)', async () => {
      const tag = `hop${String(Date.now())}${String(Math.random()).slice(2, 8)}`
      const hopper = hopperCommand(root, tag)
      const run = await sandbox.run(hopper.command, {
        callId: `call_hopper_${tag}`,
        dangerouslyDisableSandbox: unsandboxed,
      })
      try {
        expect(run).toMatchObject({ exitCode: 0, stdout: 'started\n', sandboxed: !unsandboxed })
        expect(await hopper.beating()).toBe(false)
        expect(processesWith(tag)).toEqual([])
      } finally {
        for (const pid of processesWith(tag)) process.kill(pid, 'SIGKILL')
      }
    })

    it('a command whose signal aborts, with processes that left its group (SPEC §23)', async () => {
      const tag = `${String(6000 + Math.floor(Math.random() * 1000))}.${String(Date.now() % 1000)}`
      const stop = new AbortController()
      const running = sandbox.run(
        `( trap '' TERM; setsid sleep ${tag} & ); nohup sleep ${tag} >/dev/null 2>&1 & sleep ${tag}`,
        {
          callId: `call_abort_${tag}`,
          signal: stop.signal,
          dangerouslyDisableSandbox: unsandboxed,
        },
      )
      await waitFor(() => processesRunning(`sleep ${tag}`) === 3)
      stop.abort()
      expect(await running).toMatchObject({ exitCode: null, signal: 'SIGKILL' })
      expect(processesWith(`sleep ${tag}`)).toEqual([])
    })
  })
})

describe.runIf(onLinux)('a process that hides from the run (SPEC §23)', () => {
  it('is ended with an unsandboxed run all the same, its mark dropped and its group left', async () => {
    const sandbox = await createSandbox({
      projectRoot: projectFolder(),
      logger: { warn: () => undefined },
    })
    const tag = `${String(5000 + Math.floor(Math.random() * 1000))}.7`
    try {
      // `env -i` drops the run's mark, `setsid` the group: the /proc search cannot find it, but
      // it is a process of the run's reaper; inside, the sandbox's PID namespace ends it.
      for (const dangerouslyDisableSandbox of [true, false]) {
        const run = await sandbox.run(`env -i setsid sleep ${tag} & echo started`, {
          callId: 'call_hidden',
          dangerouslyDisableSandbox,
        })
        expect(run).toMatchObject({
          exitCode: 0,
          stdout: 'started\n',
          sandboxed: !dangerouslyDisableSandbox,
        })
        expect(processesWith(`sleep ${tag}`)).toEqual([])
      }
    } finally {
      for (const pid of processesWith(`sleep ${tag}`)) process.kill(pid, 'SIGKILL')
      await sandbox.dispose()
    }
  })

  it('cannot keep an unsandboxed run waiting when it killed the reaper: its pipes are closed after a second', async () => {
    const sandbox = await createSandbox({
      projectRoot: projectFolder(),
      logger: { warn: () => undefined },
    })
    const tag = `${String(5000 + Math.floor(Math.random() * 1000))}.8`
    try {
      // A command that kills its reaper (its parent, perl) leaves its processes to init: a hidden
      // one is found by nothing (the README says so).
      const line = `env -i setsid sleep ${tag} & echo started; [ "$(cat /proc/$PPID/comm)" = perl ] && kill -KILL $PPID`
      const run = await sandbox.run(line, {
        callId: 'call_hidden_reaper',
        dangerouslyDisableSandbox: true,
      })
      expect(run).toMatchObject({
        exitCode: null,
        signal: 'SIGKILL',
        stdout: 'started\n',
        sandboxed: false,
      })
      expect(run.durationMs).toBeLessThan(30_000)
    } finally {
      for (const pid of processesWith(`sleep ${tag}`)) process.kill(pid, 'SIGKILL')
      await sandbox.dispose()
    }
  })
})

if (!onLinux) it.skip(`a run’s processes: ${notLinux}`, () => undefined)

/** Waits until `condition` was seen true once (a process mid-exec can read as absent a moment). */
async function waitFor(condition: () => boolean): Promise<void> {
  let seen = condition()
  for (let tries = 0; tries < 500 && !seen; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 10))
    seen = condition()
  }
  expect(seen).toBe(true)
}

/** How many processes run exactly `command` (its words joined by spaces). */
function processesRunning(command: string): number {
  return processesWith(command).filter((pid) => {
    try {
      return (
        readFileSync(`/proc/${String(pid)}/cmdline`, 'utf8')
          .replaceAll('\0', ' ')
          .trim() === command
      )
    } catch {
      return false
    }
  }).length
}
