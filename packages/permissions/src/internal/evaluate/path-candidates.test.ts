import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { scratchProjects } from '../../__fixtures__/harness.js'
import {
  isInside,
  pathCandidates,
  physicalPath,
  shellPathCandidates,
  shellPathPlaces,
  workingDirectories,
} from './path-candidates.js'
import type { LinkLookups } from './path-candidates.js'

const project = scratchProjects()

describe('pathCandidates', () => {
  it('normalises a tool’s path against the working directory, ~/ the home folder', () => {
    expect(pathCandidates('src/../secrets/key', '/project', '/home/u')).toEqual([
      '/project/secrets/key',
    ])
    expect(pathCandidates('~/x', '/project', '/home/u')).toEqual(['/home/u/x'])
  })

  it('adds where a symlink really leads, as the kernel resolves it (.. after a link too)', () => {
    const scratch = project().root
    mkdirSync(join(scratch, 'real', 'inner'), { recursive: true })
    symlinkSync(join(scratch, 'real', 'inner'), join(scratch, 'link'))
    expect(pathCandidates('link/../x', scratch, '/home/u')).toEqual([
      join(scratch, 'x'),
      join(scratch, 'real', 'x'),
    ])
    expect(physicalPath(join(scratch, 'link', 'file'))).toBe(join(scratch, 'real', 'inner', 'file'))
  })

  it('gives each place its lexical and physical reading, one lookup per folder per check', () => {
    const scratch = project().root
    mkdirSync(join(scratch, 'real'))
    symlinkSync(join(scratch, 'real'), join(scratch, 'link'))
    const lookups: LinkLookups = new Map()
    const bases = [scratch, join(scratch, 'link')]
    const places = shellPathPlaces({ anchor: 'cwd', path: 'x' }, bases, '/home/u', lookups)
    expect(places).toEqual([
      { lexical: join(scratch, 'x'), physical: join(scratch, 'x') },
      { lexical: join(scratch, 'link', 'x'), physical: join(scratch, 'real', 'x') },
    ])
    // The folders on the way were looked up once and are answered from the check's lookups.
    expect(lookups.get(join(scratch, 'link'))).toBe(join(scratch, 'real'))
    expect(lookups.get(join(scratch, 'x'))).toBeNull()
    expect(shellPathPlaces({ anchor: 'cwd', path: 'x' }, bases, '/home/u', lookups)).toEqual(places)
    expect(shellPathPlaces({ anchor: 'cwd', path: 'x' }, undefined, '/home/u')).toBeUndefined()
  })

  it('reads a path without links as resolve does: ., .., duplicate and trailing slashes', () => {
    const scratch = project().root
    for (const path of ['a/./b/../c//d/', '../../..', '.', 'a/../../b', 'x//', '']) {
      const lexical = resolve(scratch, path)
      const [place] = shellPathPlaces({ anchor: 'cwd', path }, [scratch], '/home/u') ?? []
      expect(place).toEqual({ lexical, physical: lexical })
    }
  })

  it('applies the rest as written past a component that is missing or not a folder', () => {
    const scratch = project().root
    writeFileSync(join(scratch, 'plain'), '')
    symlinkSync(join(scratch, 'elsewhere'), join(scratch, 'dangling'))
    expect(physicalPath(join(scratch, 'missing', 'a', '..', 'b'))).toBe(
      join(scratch, 'missing', 'b'),
    )
    expect(physicalPath(join(scratch, 'plain', 'x'))).toBe(join(scratch, 'plain', 'x'))
    // A dangling link is followed (writing through it creates its target), then nothing exists.
    expect(physicalPath(join(scratch, 'dangling', 'x'))).toBe(join(scratch, 'elsewhere', 'x'))
  })
})

describe('workingDirectories and shellPathCandidates', () => {
  it('gives every place the line’s cd may leave, or none when a loop may repeat a relative cd', () => {
    const src = { anchor: 'cwd' as const, path: 'src' }
    expect(workingDirectories('/project', [src], '/home/u', false)).toEqual([
      '/project',
      '/project/src',
    ])
    expect(workingDirectories('/project', [src], '/home/u', true)).toBeUndefined()
    expect(workingDirectories('/project', [undefined], '/home/u', false)).toBeUndefined()
    expect(
      workingDirectories(
        '/project',
        [
          { anchor: 'home', path: 'a' },
          { anchor: 'absolute', path: '/tmp' },
        ],
        '/home/u',
        true,
      ),
    ).toEqual(['/project', '/home/u/a', '/tmp'])
  })

  it('resolves a relative path from every base; without bases it is unknown', () => {
    expect(shellPathCandidates({ anchor: 'cwd', path: 'x' }, ['/a', '/b'], '/h')).toEqual([
      '/a/x',
      '/b/x',
    ])
    expect(shellPathCandidates({ anchor: 'home', path: '' }, undefined, '/h')).toEqual(['/h'])
    expect(shellPathCandidates({ anchor: 'cwd', path: 'x' }, undefined, '/h')).toBeUndefined()
  })

  it('tells a path inside a folder from one that only shares its prefix', () => {
    expect(isInside('/a/b', '/a')).toBe(true)
    expect(isInside('/a', '/a')).toBe(true)
    expect(isInside('/ab', '/a')).toBe(false)
  })
})

describe('paths through links, in bounded work (SPEC §26)', () => {
  it('resolves a path of 50,000 names (100 KB) in linear work, .. popping what it reached', () => {
    const scratch = project().root
    const started = performance.now()
    expect(physicalPath(`${scratch}/${'a/'.repeat(50_000)}f`)).toBe(
      `${scratch}/${'a/'.repeat(50_000)}f`,
    )
    expect(physicalPath(`${scratch}/${'a/b/../'.repeat(15_000)}f`)).toBe(
      `${scratch}/${'a/'.repeat(15_000)}f`,
    )
    // A generous bound for a busy two-core machine: the quadratic walk took tens of seconds.
    expect(performance.now() - started).toBeLessThan(5_000)
  })

  it('moves a cd to the lexical place and to the physical one, where .. follows the link', () => {
    const scratch = project().root
    const proj = join(scratch, 'proj')
    mkdirSync(join(proj, 'src'), { recursive: true })
    mkdirSync(join(scratch, 'outside', 'sub'), { recursive: true })
    mkdirSync(join(scratch, 'outside', 'etc'), { recursive: true })
    symlinkSync('../../outside/sub', join(proj, 'src', 'escape'))
    const into = (path: string) => ({ anchor: 'cwd' as const, path })
    // bash: `cd src/escape/../etc` lands in outside/etc (no proj/src/etc: it falls back).
    expect(workingDirectories(proj, [into('src/escape/../etc')], '/h', false)).toEqual([
      proj,
      join(proj, 'src', 'etc'),
      join(scratch, 'outside', 'etc'),
    ])
    // `cd src/escape && cd ../etc`: the second cd from either place the first one led.
    expect(workingDirectories(proj, [into('src/escape'), into('../etc')], '/h', false)).toEqual(
      expect.arrayContaining([join(proj, 'src', 'etc'), join(scratch, 'outside', 'etc')]),
    )
    // `cd -P src/escape/..` (its -P read as an option): outside, where the kernel goes.
    expect(workingDirectories(proj, [into('src/escape/..')], '/h', false)).toContain(
      join(scratch, 'outside'),
    )
    const absolute = { anchor: 'absolute' as const, path: join(proj, 'src', 'escape') }
    expect(workingDirectories('/elsewhere', [absolute], '/h', false)).toEqual([
      '/elsewhere',
      join(proj, 'src', 'escape'),
      join(scratch, 'outside', 'sub'),
    ])
  })
})
