import { mkdirSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { scratchProjects } from '../../__fixtures__/harness.js'
import {
  isInside,
  pathCandidates,
  physicalPath,
  shellPathCandidates,
  workingDirectories,
} from './path-candidates.js'

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
