import type * as ChildProcess from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { HookProcesses } from './hook-processes.js'

// SPEC §26: hook processes are killed when the harness gets SIGINT or SIGTERM. The listeners
// must be in place when the hook starts: a signal that came after the spawn but before the
// listeners (the hook already running, writing, forking) found the signal's default action, so
// the harness ended and left its hooks running. A race of microseconds that a loaded machine
// widened: hook-processes.signals.test.ts failed about once in twenty runs beside other tests.
// Here the spawn itself says what it saw.

const atSpawn = vi.hoisted(() => [] as { SIGINT: number; SIGTERM: number; exit: number }[])

vi.mock('node:child_process', async (importOriginal) => {
  const actual = await importOriginal<typeof ChildProcess>()
  return {
    ...actual,
    spawn: (...args: Parameters<typeof actual.spawn>) => {
      atSpawn.push({
        SIGINT: process.listenerCount('SIGINT'),
        SIGTERM: process.listenerCount('SIGTERM'),
        exit: process.listenerCount('exit'),
      })
      return actual.spawn(...args)
    },
  }
})

describe('HookProcesses and the signals that end the harness', () => {
  it('listens for them before it starts a hook, and stops once the hook is done', async () => {
    const before = {
      SIGINT: process.listenerCount('SIGINT'),
      SIGTERM: process.listenerCount('SIGTERM'),
      exit: process.listenerCount('exit'),
    }
    const run = await new HookProcesses().run({
      command: 'exit 0',
      cwd: tmpdir(),
      env: process.env,
      input: '{}',
      timeoutMs: 10_000,
    })
    expect(run.end).toEqual({ kind: 'exited', code: 0 })
    expect(atSpawn).toEqual([
      { SIGINT: before.SIGINT + 1, SIGTERM: before.SIGTERM + 1, exit: before.exit + 1 },
    ])
    expect(process.listenerCount('SIGINT')).toBe(before.SIGINT)
    expect(process.listenerCount('SIGTERM')).toBe(before.SIGTERM)
    expect(process.listenerCount('exit')).toBe(before.exit)
  })

  it('never starts a hook for an aborted signal', async () => {
    const marker = join(mkdtempSync(join(tmpdir(), 'toolpipe-hooks-never-')), 'never-started')
    const spawned = atSpawn.length
    const never = await new HookProcesses().run({
      command: `touch '${marker}'`,
      cwd: tmpdir(),
      env: process.env,
      input: '{}',
      timeoutMs: 10_000,
      signal: AbortSignal.abort(),
    })
    expect(never.end).toEqual({ kind: 'aborted' })
    expect(atSpawn).toHaveLength(spawned)
    expect(existsSync(marker)).toBe(false)
    rmSync(dirname(marker), { recursive: true, force: true })
  })

  it('stops listening when the hook cannot be started', async () => {
    const before = process.listenerCount('SIGTERM')
    const run = await new HookProcesses().run({
      command: 'exit 0',
      cwd: '/nonexistent/toolpipe-hooks',
      env: process.env,
      input: '{}',
      timeoutMs: 10_000,
    })
    expect(run.end.kind).toBe('failed')
    expect(process.listenerCount('SIGTERM')).toBe(before)
  })
})
