import { spawn } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { stillClock } from '../../__fixtures__/still-clock.js'
import { PermissionsError } from '../../permissions-error.js'
import { appendRules } from './persist-rules.js'
import type { LockClock } from './settings-lock.js'

// SPEC §26: the persisted-rule lock is taken atomically (no two writers may both judge it stale
// and both take it); a lock whose holder process is gone is stale at once, and any lock is judged
// stale sooner than a writer gives up waiting.

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})
function settingsFile(): string {
  const folder = mkdtempSync(join(tmpdir(), 'toolpipe-lock-'))
  folders.push(folder)
  const path = join(folder, 'settings.local.json')
  writeFileSync(path, '{\n  "permissions": { "allow": [] }\n}\n')
  return path
}

/** The id of a process that has just ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
  await new Promise((resolve) => child.on('exit', resolve))
  if (child.pid === undefined) throw new Error('no pid')
  return child.pid
}

/** A lock as a writer leaves it: its folder and owner file, `ageMs` old. */
function plantLock(path: string, pid: number, ageMs = 0, now = Date.now()): string {
  const lock = `${path}.lock`
  mkdirSync(lock)
  const owner = join(lock, `${pid}.0123456789ab.owner`)
  writeFileSync(owner, hostname())
  const time = (now - ageMs) / 1000
  utimesSync(owner, time, time)
  return owner
}

/** A lock of the earlier format: one file, `<pid> <random>`. */
function plantLegacyLock(path: string, pid: number, ageMs: number): void {
  writeFileSync(`${path}.lock`, `${pid} 0123456789ab`)
  const time = (Date.now() - ageMs) / 1000
  utimesSync(`${path}.lock`, time, time)
}

/** A clock that never sleeps: each sleep moves its time on at once, and `onSleep` runs. */
function virtualClock(onSleep: (now: number) => void = () => undefined) {
  const clock = { time: Date.now(), slept: 0 }
  const lockClock: LockClock = {
    now: () => clock.time,
    sleep: (ms) => {
      clock.time += ms
      clock.slept += ms
      onSleep(clock.time)
      return Promise.resolve()
    },
  }
  return { clock, lockClock }
}

function allowList(path: string): string[] {
  return (JSON.parse(readFileSync(path, 'utf8')) as { permissions: { allow: string[] } })
    .permissions.allow
}

function leftovers(path: string): string[] {
  return readdirSync(join(path, '..')).filter((name) => name !== 'settings.local.json')
}

const child = fileURLToPath(new URL('../../__fixtures__/append-rules-child.mjs', import.meta.url))
function runChild(path: string, name: string, count: number) {
  return new Promise<number | null>((resolve, reject) => {
    const process_ = spawn(process.execPath, [child, path, name, String(count)], {
      stdio: 'inherit',
    })
    process_.on('error', reject)
    process_.on('exit', resolve)
  })
}

describe('the persisted-rule lock', () => {
  it('takes a lock whose holder process is gone at once, without waiting', async () => {
    const path = settingsFile()
    plantLock(path, await deadPid())
    const lockClock: LockClock = {
      now: () => Date.now(),
      sleep: () => Promise.reject(new Error('waited for a dead holder')),
    }
    expect(await appendRules(path, 'allow', ['Read'], { clock: lockClock })).toEqual(['Read'])
    expect(allowList(path)).toEqual(['Read'])
    expect(leftovers(path)).toEqual([])
  })

  it('takes a live holder’s lock once it is staleLockMs old, before the writer gives up', async () => {
    const path = settingsFile()
    const { clock, lockClock } = virtualClock()
    plantLock(path, process.pid, 0, clock.time)
    const options = { clock: lockClock, staleLockMs: 2_000, lockTimeoutMs: 3_000 }
    expect(await appendRules(path, 'allow', ['Read'], options)).toEqual(['Read'])
    expect(clock.slept).toBeGreaterThan(2_000)
    expect(clock.slept).toBeLessThan(3_000)
  })

  it('gives up after lockTimeoutMs on a lock its live holder keeps renewing', async () => {
    const path = settingsFile()
    const { clock, lockClock } = virtualClock((now) => {
      utimesSync(owner, now / 1000, now / 1000)
    })
    const owner = plantLock(path, process.pid, 0, clock.time)
    await expect(
      appendRules(path, 'allow', ['Read'], {
        clock: lockClock,
        staleLockMs: 500,
        lockTimeoutMs: 1_000,
      }),
    ).rejects.toThrow(`${path}.lock is held by another writer; gave up after 1000 ms`)
    expect(clock.slept).toBeGreaterThanOrEqual(1_000)
    expect(allowList(path)).toEqual([])
    // The live holder's lock is left alone; nothing of the writer's is left behind.
    expect(existsSync(owner)).toBe(true)
    expect(leftovers(path)).toEqual(['settings.local.json.lock'])
  })

  it('refuses a staleLockMs that is not less than lockTimeoutMs', async () => {
    const path = settingsFile()
    const refused = appendRules(path, 'allow', ['Read'], { staleLockMs: 10_000 })
    await expect(refused).rejects.toThrow(PermissionsError)
    await expect(refused).rejects.toMatchObject({ code: 'INVALID_OPTIONS' })
    await expect(refused).rejects.toThrow(
      'appendRules: staleLockMs (10000) must be less than lockTimeoutMs (10000)',
    )
    await expect(appendRules(path, 'allow', ['Read'], { lockTimeoutMs: -1 })).rejects.toThrow(
      'appendRules: lockTimeoutMs must be a positive number of milliseconds, got -1',
    )
  })

  it.each([
    ['a dead holder’s lock', 'dead'],
    ['an old lock of the earlier format', 'legacy'],
  ])('lets only one of many writers in this process take %s', async (_label, kind) => {
    const path = settingsFile()
    if (kind === 'dead') plantLock(path, await deadPid())
    else plantLegacyLock(path, await deadPid(), 60_000)
    const rules = Array.from({ length: 24 }, (_, index) => `Bash(tool-${index} *)`)
    const clock = stillClock()
    await Promise.all(rules.map((rule) => appendRules(path, 'allow', [rule], { clock })))
    expect(allowList(path).toSorted()).toEqual(rules.toSorted())
    expect(leftovers(path)).toEqual([])
  })

  it('loses no rule when two processes append at once with a stale lock present', async () => {
    const path = settingsFile()
    plantLock(path, await deadPid())
    expect(await Promise.all([runChild(path, 'first', 20), runChild(path, 'second', 20)])).toEqual([
      0, 0,
    ])
    const allow = allowList(path)
    expect(allow).toHaveLength(40)
    for (let index = 0; index < 20; index++) {
      expect(allow).toContain(`Bash(first-${index} *)`)
      expect(allow).toContain(`Bash(second-${index} *)`)
    }
    expect(leftovers(path)).toEqual([])
  })
})
