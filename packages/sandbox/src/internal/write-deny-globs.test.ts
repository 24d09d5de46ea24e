import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectFolder } from '../__fixtures__/sandbox-fixtures.js'
import { defaultGlobSearchLimits, writeDenyMatches } from './write-deny-globs.js'

/** A project holding `files` (a path ending in `/` is a folder), and a folder `other` beside it. */
function tree(files: readonly string[]): { project: string; other: string } {
  const project = projectFolder({ git: false })
  const other = join(dirname(project), 'other')
  for (const file of files) {
    const path = join(dirname(project), file)
    if (file.endsWith('/')) mkdirSync(path, { recursive: true })
    else {
      mkdirSync(dirname(path), { recursive: true })
      writeFileSync(path, 'x')
    }
  }
  return { project, other }
}

// On Linux the sandbox runtime takes no patterns in write paths (bubblewrap binds paths), so an
// `Edit(*.pem)` deny rule would deny nothing: the sandbox write-denies each existing match by its
// literal path instead, searched again when each command starts (SPEC §23).
describe('the existing matches of write-deny patterns (SPEC §23)', () => {
  it('lists every existing file and folder a pattern matches, under its literal folder', async () => {
    const { project } = tree([
      'project/a.pem',
      'project/sub/deep/b.pem',
      'project/sub/c.txt',
      'project/gen/x.ts',
      'project/gen/sub/y.ts',
      'project/x/build/out.js',
    ])
    const found = await writeDenyMatches(
      [`${project}/**/*.pem`, `${project}/gen/*.ts`, `${project}/**/build/**`],
      [project],
    )
    expect(new Set(found.paths)).toEqual(
      new Set(
        ['a.pem', 'sub/deep/b.pem', 'gen/x.ts', 'x/build'].map((path) => join(project, path)),
      ),
    )
    expect(found.overflowed).toEqual([])
  })

  it('searches only where a command could write: the writable roots under a pattern', async () => {
    const { project, other } = tree(['project/a.pem', 'other/b.pem', 'elsewhere/c.pem'])
    const root = dirname(project)
    const found = await writeDenyMatches([`${root}/**/*.pem`], [project, other])
    expect(new Set(found.paths)).toEqual(new Set([join(project, 'a.pem'), join(other, 'b.pem')]))
  })

  it('skips literal paths and a folder whose only wildcard is a trailing /** (the runtime denies those)', async () => {
    const { project } = tree(['project/vendor/a.js'])
    const found = await writeDenyMatches(
      [join(project, 'vendor'), `${project}/vendor/**`],
      [project],
    )
    expect(found).toEqual({ paths: [], overflowed: [] })
  })

  it('follows a link to a folder, each real folder once (a loop ends)', async () => {
    const { project, other } = tree(['project/sub/a.pem', 'other/b.pem'])
    symlinkSync(project, join(project, 'sub', 'loop'))
    symlinkSync(other, join(project, 'linked'))
    const found = await writeDenyMatches([`${project}/**/*.pem`], [project, other])
    expect(found.paths).toContain(join(project, 'sub', 'a.pem'))
    expect(found.paths).toContain(join(project, 'linked', 'b.pem'))
    expect(found.paths.filter((path) => path.endsWith('a.pem'))).toHaveLength(1)
  })

  it.each([
    ['matches', { maxMatches: 2 }],
    ['entries', { maxEntries: 3 }],
    ['folders', { maxFolders: 1 }],
    ['time', { maxMs: 5, now: clockOf([0, 1, 2, 10, 20, 30, 40, 50]) }],
  ])(
    'fails closed past its limit of %s: the folder searched is denied whole',
    async (_limit, limits) => {
      const { project } = tree([
        'project/a.pem',
        'project/b.pem',
        'project/c.pem',
        'project/d/e.pem',
      ])
      const found = await writeDenyMatches([`${project}/**/*.pem`], [project], {
        ...defaultGlobSearchLimits,
        ...limits,
      })
      expect(found.paths).toEqual([project])
      expect(found.overflowed).toEqual([{ pattern: `${project}/**/*.pem`, folder: project }])
    },
  )
})

/** A clock that reads `times` in turn, then the last one for ever. */
function clockOf(times: readonly number[]): () => number {
  let read = 0
  return () => times[Math.min(read++, times.length - 1)] ?? 0
}
