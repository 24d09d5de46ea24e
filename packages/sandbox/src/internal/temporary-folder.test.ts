import { mkdtempSync, statSync, symlinkSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { recordingLogger } from '../__fixtures__/sandbox-fixtures.js'
import { ensureTemporaryFolder } from './temporary-folder.js'

function scratch(): string {
  return mkdtempSync(join(tmpdir(), 'toolpipe-tmpdir-'))
}

// The runtime gives commands TMPDIR=/tmp/claude and keeps only that folder of /tmp writable, but
// never makes it: mktemp and test runners failed or hung (anthropics/claude-code#36759).
describe('the runtime’s temporary folder', () => {
  it('is made where it is missing, private to this user', () => {
    const folder = join(scratch(), 'claude')
    const logger = recordingLogger()
    ensureTemporaryFolder(logger, {}, folder)
    const made = statSync(folder)
    expect(made.isDirectory()).toBe(true)
    expect(made.mode & 0o777).toBe(0o700)
    expect(logger.warnings).toEqual([])
    // Once there, it is left as it is, with nothing to say.
    ensureTemporaryFolder(logger, {}, folder)
    expect(logger.warnings).toEqual([])
  })

  it.each([
    [
      'a link',
      (path: string) => {
        symlinkSync(scratch(), path)
      },
    ],
    [
      'a file',
      (path: string) => {
        writeFileSync(path, '')
      },
    ],
  ])('is left alone, with a warning, where %s is in its place', (_what, plant) => {
    const folder = join(scratch(), 'claude')
    plant(folder)
    const logger = recordingLogger()
    ensureTemporaryFolder(logger, {}, folder)
    expect(logger.warnings).toEqual([
      expect.stringContaining(`commands may have no temporary folder: ${folder} is not a folder`),
    ])
  })

  it('warns where it cannot be made, and makes no folder on the way to it', () => {
    const folder = join(scratch(), 'missing', 'claude')
    const logger = recordingLogger()
    ensureTemporaryFolder(logger, {}, folder)
    expect(logger.warnings).toEqual([expect.stringContaining('could not be made')])
    expect(existsSync(join(folder, '..'))).toBe(false)
  })

  it.each([{ CLAUDE_CODE_TMPDIR: 'named' }, { CLAUDE_TMPDIR: 'named' }])(
    'never makes it where the environment names another (%j): the harness makes that one (a command may have put a link on its way)',
    (env) => {
      const folder = join(scratch(), 'claude')
      const logger = recordingLogger()
      ensureTemporaryFolder(logger, env, folder)
      expect(existsSync(folder)).toBe(false)
      expect(logger.warnings).toEqual([])
    },
  )

  it('reads an empty CLAUDE_CODE_TMPDIR as naming none, as the runtime does', () => {
    const folder = join(scratch(), 'claude')
    ensureTemporaryFolder(recordingLogger(), { CLAUDE_CODE_TMPDIR: '' }, folder)
    expect(existsSync(folder)).toBe(true)
  })
})
