import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import type * as fsPromises from 'node:fs/promises'
import { afterEach, expect, it, vi } from 'vitest'
import { stillClock } from '../../__fixtures__/still-clock.js'
import { appendRules } from './persist-rules.js'

// The race SPEC §26 forbids, made to happen every time: writer B judges a dead holder's lock
// stale, and before it acts on that judgment, writer A takes the stale lock over and starts
// writing. B's late action must not remove A's lock (two holders would write at once, and one
// of the rules would be lost).

const gate = vi.hoisted(() => ({
  /** Holds the first unlink of something under the lock until A writes its settings. */
  lockPath: '',
  held: false,
  reached: (): void => undefined,
  open: (): void => undefined,
}))

vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof fsPromises>()
  return {
    ...fs,
    unlink: async (path: string) => {
      if (gate.lockPath !== '' && !gate.held && path.startsWith(gate.lockPath)) {
        gate.held = true
        await new Promise<void>((resolve) => {
          gate.open = resolve
          gate.reached()
        })
      }
      return fs.unlink(path)
    },
    writeFile: async (...args: Parameters<typeof fs.writeFile>) => {
      const path = typeof args[0] === 'string' ? args[0] : ''
      if (gate.held && path.endsWith('.tmp') && !path.includes('.lock')) {
        gate.open()
        // Let B act on its old judgment while A holds the lock.
        for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve))
      }
      return fs.writeFile(...args)
    },
  }
})

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
  gate.lockPath = ''
  gate.held = false
})

it.each([
  ['a dead holder’s lock', 'current'],
  ['a lock of the earlier format, a minute old', 'legacy'],
])(
  'a writer acting late on judging %s stale never removes the lock taken since',
  async (_label, format) => {
    const folder = mkdtempSync(join(tmpdir(), 'toolpipe-lock-race-'))
    folders.push(folder)
    const path = join(folder, 'settings.local.json')
    writeFileSync(path, '{}\n')
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
    await new Promise((resolve) => child.on('exit', resolve))
    const lock = `${path}.lock`
    if (format === 'current') {
      mkdirSync(lock)
      writeFileSync(join(lock, `${String(child.pid)}.0123456789ab.owner`), hostname())
    } else {
      writeFileSync(lock, `${String(child.pid)} 0123456789ab`)
      const minuteAgo = (Date.now() - 60_000) / 1000
      utimesSync(lock, minuteAgo, minuteAgo)
    }
    gate.lockPath = lock

    const reached = new Promise<void>((resolve) => (gate.reached = resolve))
    const clock = stillClock()
    const late = appendRules(path, 'allow', ['Bash(late *)'], { clock })
    await reached // B judged the lock stale and is about to act
    const early = appendRules(path, 'allow', ['Bash(early *)'], { clock })
    expect(await Promise.all([late, early])).toEqual([['Bash(late *)'], ['Bash(early *)']])
    const allow = (JSON.parse(readFileSync(path, 'utf8')) as { permissions: { allow: string[] } })
      .permissions.allow
    expect(allow.toSorted()).toEqual(['Bash(early *)', 'Bash(late *)'])
  },
)
