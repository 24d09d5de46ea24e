import { Buffer } from 'node:buffer'
import type * as NodeCrypto from 'node:crypto'
import {
  lstat,
  mkdir,
  mkdtemp,
  readFile,
  readdir,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { hostileCallIds } from '../__fixtures__/hostile-call-ids.js'
import { cjkWithEmoji } from '../__fixtures__/outputs.js'
import { SpillStore } from './spill-store.js'

const crypto = vi.hoisted(() => ({ draws: [] as string[] }))
vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof NodeCrypto>()
  return {
    ...original,
    randomBytes: (size: number) => {
      const next = crypto.draws.shift()
      return next === undefined ? original.randomBytes(size) : Buffer.from(next, 'hex')
    },
  }
})

let scratch: string
beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'output-budget-test-'))
})
afterEach(async () => {
  crypto.draws.length = 0
  await rm(scratch, { recursive: true, force: true })
})

const modeOf = async (path: string) => (await stat(path)).mode & 0o777

describe('SpillStore', () => {
  it('makes the configured folder 0700, parents included, and each file 0600', async () => {
    const folder = join(scratch, 'a', 'b')
    const store = new SpillStore(folder)
    const path = (await store.saveText('call_1', 'hello')).path
    expect(dirname(path)).toBe(folder)
    expect(await modeOf(folder)).toBe(0o700)
    expect(await modeOf(path)).toBe(0o600)
    expect(await readFile(path, 'utf8')).toBe('hello')
  })

  it('uses an existing folder as it is', async () => {
    await mkdir(join(scratch, 'shared'), { mode: 0o750 })
    const store = new SpillStore(join(scratch, 'shared'))
    await store.saveText('c', 'x')
    expect(await modeOf(join(scratch, 'shared'))).toBe(0o750)
  })

  // Node 24.21's recursive mkdir never returns for a path under /proc: one level at a time.
  it.runIf(process.platform === 'linux')(
    'says ENOENT at once for a folder that cannot be made under /proc',
    async () => {
      await expect(
        new SpillStore('/proc/toolpipe-nowhere/spill').saveText('c', 'x'),
      ).rejects.toMatchObject({ code: 'ENOENT' })
    },
  )

  it('refuses a spill folder that is a file', async () => {
    await writeFile(join(scratch, 'file'), '')
    await expect(new SpillStore(join(scratch, 'file')).saveText('c', 'x')).rejects.toThrow()
  })

  it('resolves a relative folder once, when it is made', async () => {
    const store = new SpillStore(join(scratch, '.', 'x', '..', 'rel'))
    expect(dirname((await store.saveText('c', 'x')).path)).toBe(join(scratch, 'rel'))
  })

  it('makes a private folder of its own under the OS temporary folder by default', async () => {
    const store = new SpillStore(undefined)
    const path = (await store.saveText('c', 'x')).path
    const folder = dirname(path)
    try {
      expect(dirname(folder)).toBe(tmpdir())
      expect(folder).toMatch(/toolpipe-output-/)
      expect(await modeOf(folder)).toBe(0o700)
      expect(await store.folder()).toBe(folder)
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })

  it.each(hostileCallIds)(
    'keeps the file of call id $label inside the folder',
    async ({ callId }) => {
      const store = new SpillStore(join(scratch, 'spill'))
      const path = (await store.saveText(callId, 'content')).path
      expect(dirname(path)).toBe(join(scratch, 'spill'))
      expect(await readdir(scratch)).toEqual(['spill'])
      expect(await readdir(join(scratch, 'spill'))).toHaveLength(1)
      expect(await readFile(path, 'utf8')).toBe('content')
    },
  )

  it('never gives two calls one file, even with the same call id', async () => {
    const store = new SpillStore(scratch)
    const paths = await Promise.all(
      Array.from(
        { length: 20 },
        async (_, index) => (await store.saveText('same', `call ${index}`)).path,
      ),
    )
    expect(new Set(paths).size).toBe(20)
    const contents = await Promise.all(paths.map((path) => readFile(path, 'utf8')))
    expect(contents.sort()).toEqual(
      Array.from({ length: 20 }, (_, index) => `call ${index}`).sort(),
    )
  })

  it('never writes through a link planted where a file is to be: it draws another name', async () => {
    const target = join(scratch, 'target')
    await writeFile(target, 'untouched')
    await mkdir(join(scratch, 'spill'))
    await symlink(target, join(scratch, 'spill', 'c-aaaaaaaaaaaa.txt'))
    crypto.draws.push('aaaaaaaaaaaa', 'bbbbbbbbbbbb')
    const { path } = await new SpillStore(join(scratch, 'spill')).saveText('c', 'secret output')
    expect(path).toBe(join(scratch, 'spill', 'c-bbbbbbbbbbbb.txt'))
    expect(await readFile(target, 'utf8')).toBe('untouched')
    expect((await lstat(join(scratch, 'spill', 'c-aaaaaaaaaaaa.txt'))).isSymbolicLink()).toBe(true)
  })

  it('gives up after a few names in a row are taken', async () => {
    await mkdir(join(scratch, 'spill'))
    await writeFile(join(scratch, 'spill', 'c-aaaaaaaaaaaa.txt'), '')
    crypto.draws.push(...Array.from({ length: 12 }, () => 'aaaaaaaaaaaa'))
    await expect(new SpillStore(join(scratch, 'spill')).saveText('c', 'x')).rejects.toMatchObject({
      code: 'EEXIST',
    })
  })

  it('makes the folder again when it was removed under it', async () => {
    const store = new SpillStore(join(scratch, 'spill'))
    await store.saveText('c', 'first')
    await rm(join(scratch, 'spill'), { recursive: true })
    const path = (await store.saveText('c', 'second')).path
    expect(await readFile(path, 'utf8')).toBe('second')
    expect(await modeOf(join(scratch, 'spill'))).toBe(0o700)
  })

  it('writes a text of several chunks exactly, characters across chunk edges included', async () => {
    // 1 MiB of one-unit characters, then an emoji across the edge of the first chunk.
    const text = `${'a'.repeat((1 << 20) - 1)}😀${cjkWithEmoji(1_500_000)}`
    const saved = await new SpillStore(scratch).saveText('c', text)
    expect(await readFile(saved.path, 'utf8')).toBe(text)
    expect(saved.bytes).toBe(Buffer.byteLength(text))
  })

  it('writes bytes as they are', async () => {
    const bytes = Buffer.from([0, 255, 1, 128])
    const path = await new SpillStore(scratch).saveBytes('c', 'png', bytes)
    expect(path.endsWith('.png')).toBe(true)
    expect(await readFile(path)).toEqual(bytes)
  })
})
