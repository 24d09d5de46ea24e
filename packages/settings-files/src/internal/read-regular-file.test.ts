import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readRegularFile } from './read-regular-file.js'

const folder = mkdtempSync(join(tmpdir(), 'toolpipe-read-regular-'))
afterAll(() => {
  rmSync(folder, { recursive: true, force: true })
})

describe('readRegularFile (SPEC §18.3: a settings file larger than any a person writes is refused)', () => {
  it('reads a file of exactly the limit, and refuses one byte more', () => {
    const path = join(folder, 'ten.json')
    writeFileSync(path, '0123456789')
    expect(readRegularFile(path, 10)).toEqual({ kind: 'bytes', bytes: Buffer.from('0123456789') })
    expect(readRegularFile(path, 9)).toEqual({ kind: 'refused', message: 'larger than 9 bytes' })
  })

  it.runIf(existsSync('/proc/self/status'))(
    'stops at the limit + 1 bytes of a file whose size says 0 (a /proc file), refusing it',
    () => {
      expect(readRegularFile('/proc/self/status', 16)).toEqual({
        kind: 'refused',
        message: 'larger than 16 bytes',
      })
    },
  )

  it('answers missing for no file, and refuses a folder as before', () => {
    expect(readRegularFile(join(folder, 'none.json'), 10)).toEqual({ kind: 'missing' })
    expect(readRegularFile(folder, 10)).toEqual({
      kind: 'refused',
      message: 'cannot be read: EISDIR',
    })
  })
})
