import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { dirname } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectFolder } from '../__fixtures__/sandbox-fixtures.js'
import { defaultGlobSearchLimits, writeDenyMatches } from './write-deny-globs.js'

/** A project holding 25,000 empty folders (250 × 100): no entry to read in any of them. */
function emptyFolders(): string {
  const project = projectFolder({ git: false })
  execFileSync('bash', ['-c', 'mkdir -p t/{1..250}/{1..100}'], { cwd: project })
  return project
}

// The write-deny patterns' matches are searched when each command starts (SPEC §23): a tree a
// command planted may not make every later run slow, nor keep a run its caller ended waiting.
describe('the write-deny pattern search, within its limits (SPEC §23)', () => {
  // Made once, read by each test (25,000 folders take a second alone, minutes on a machine whose
  // disk is busy with other work); removed after.
  let project: string
  beforeAll(() => {
    project = emptyFolders()
  }, 300_000)
  afterAll(() => {
    rmSync(dirname(project), { recursive: true, force: true })
  })

  it('counts the folders and the time for each folder visited: empty folders hit the limit in time', async () => {
    const started = performance.now()
    const found = await writeDenyMatches([`${project}/**/*.pem`], [project])
    expect(performance.now() - started).toBeLessThan(defaultGlobSearchLimits.maxMs + 1000)
    expect(found).toEqual({
      paths: [project],
      overflowed: [{ pattern: `${project}/**/*.pem`, folder: project }],
    })
  }, 30_000)

  it('fails closed at its deadline in empty folders, with folders and entries to spare', async () => {
    const started = performance.now()
    // The entries are all read in the 250 folders listed first; the time goes on the empty ones.
    const found = await writeDenyMatches([`${project}/**/*.pem`], [project], {
      ...defaultGlobSearchLimits,
      maxFolders: Infinity,
      maxMs: 300,
    })
    expect(performance.now() - started).toBeLessThan(1000)
    expect(found.paths).toEqual([project])
  }, 30_000)

  it('ends at once when its signal is aborted, rejecting with the reason', async () => {
    const stop = new AbortController()
    const reason = new Error('ended by the caller')
    setTimeout(() => {
      stop.abort(reason)
    }, 20)
    const started = performance.now()
    const search = writeDenyMatches(
      [`${project}/**/*.pem`],
      [project],
      { ...defaultGlobSearchLimits, maxFolders: Infinity, maxMs: Infinity },
      stop.signal,
    )
    await expect(search).rejects.toBe(reason)
    expect(performance.now() - started).toBeLessThan(500)
  }, 30_000)
})
