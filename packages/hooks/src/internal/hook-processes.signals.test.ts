import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, realpathSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { becomesGone, isGone, killQuietly, pidsWritten } from '../__fixtures__/processes.js'
import { HookProcesses } from './hook-processes.js'

// SPEC §26: hook processes are killed when the harness process gets SIGINT or SIGTERM, not only
// on exit, and the signal's default action (the process ends) is kept.

const root = realpathSync(mkdtempSync(join(tmpdir(), 'toolpipe-hooks-signals-')))
const fixture = fileURLToPath(new URL('../__fixtures__/signal-harness.mjs', import.meta.url))
const started: number[] = []
afterEach(() => {
  killQuietly(started.splice(0))
})
afterAll(() => {
  rmSync(root, { recursive: true, force: true })
})

let harnesses = 0
/**
 * Starts a harness process whose hook is running (with "two-instances", a hook of each of two
 * plugins); returns it and the hooks' pids.
 */
async function harnessWithRunningHook(mode = '') {
  const pidFile = join(root, `pids-${++harnesses}`)
  const harness = spawn(process.execPath, [fixture, pidFile, mode], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  if (harness.pid !== undefined) started.push(harness.pid)
  let output = ''
  harness.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const count = mode === 'two-instances' ? 4 : 2
  const pids = await pidsWritten(pidFile, count)
  started.push(...pids)
  expect(pids).toHaveLength(count)
  for (const pid of pids) expect(isGone(pid)).toBe(false)
  return { harness, pids, output: () => output }
}

/**
 * What `read` gives once it is `expected`, or after `withinMs`: a child's stdout arrives through a
 * pipe, in no fixed order with the ends of the processes it kills.
 */
async function settledOutput(read: () => string, expected: string, withinMs = 10_000) {
  const until = Date.now() + withinMs
  while (read() !== expected && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return read()
}

describe('hook processes and the signals that end the harness', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'kills every hook’s process group on %s, and the harness still ends by the signal',
    async (signal) => {
      const { harness, pids } = await harnessWithRunningHook()
      const exited = once(harness, 'exit')
      harness.kill(signal)
      const [code, endedBy] = (await exited) as [number | null, NodeJS.Signals | null]
      expect({ code, endedBy }).toEqual({ code: null, endedBy: signal })
      for (const pid of pids) expect(await becomesGone(pid)).toBe(true)
    },
  )

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'kills the hooks of two commandHooks() plugins running at once on %s, and the harness still ends by it',
    async (signal) => {
      const { harness, pids } = await harnessWithRunningHook('two-instances')
      const exited = once(harness, 'exit')
      harness.kill(signal)
      const [code, endedBy] = (await exited) as [number | null, NodeJS.Signals | null]
      expect({ code, endedBy }).toEqual({ code: null, endedBy: signal })
      for (const pid of pids) expect(await becomesGone(pid)).toBe(true)
    },
  )

  it('kills the hooks but leaves the process to a listener of its own, which keeps it running', async () => {
    const { harness, pids, output } = await harnessWithRunningHook('own-listener')
    harness.kill('SIGTERM')
    for (const pid of pids) expect(await becomesGone(pid)).toBe(true)
    expect(await settledOutput(output, 'handled SIGTERM\n')).toBe('handled SIGTERM\n')
    expect(harness.exitCode).toBeNull()
    expect(harness.signalCode).toBeNull()
    const exited = once(harness, 'exit')
    harness.kill('SIGKILL')
    await exited
  })

  it('listens for SIGINT and SIGTERM only while hooks run', async () => {
    const before = {
      SIGINT: process.listenerCount('SIGINT'),
      SIGTERM: process.listenerCount('SIGTERM'),
    }
    const processes = new HookProcesses()
    const request = { cwd: root, env: process.env, input: '{}', timeoutMs: 10_000 }
    const pending = [
      processes.run({ ...request, command: 'true' }),
      processes.run({ ...request, command: 'true' }),
    ]
    expect(process.listenerCount('SIGINT')).toBe(before.SIGINT + 1)
    expect(process.listenerCount('SIGTERM')).toBe(before.SIGTERM + 1)
    await Promise.all(pending)
    expect(process.listenerCount('SIGINT')).toBe(before.SIGINT)
    expect(process.listenerCount('SIGTERM')).toBe(before.SIGTERM)
  })
})
