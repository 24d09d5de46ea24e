import { mkdirSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectFolder } from '../__fixtures__/sandbox-fixtures.js'
import { linkFolders, linksAlong } from './governing-links.js'

// The runtime denies a path at its target; the links on the way stay in their folders (SPEC §23).
describe('linksAlong and linkFolders', () => {
  it('lists every link the kernel follows, a link in a link’s target and a dangling last one', () => {
    const project = projectFolder()
    mkdirSync(join(project, 'store', 'tp'), { recursive: true })
    mkdirSync(join(project, 'conf'))
    symlinkSync('store', join(project, 'dot'))
    symlinkSync('../dot/tp', join(project, 'conf', 'tp'))
    symlinkSync('missing.json', join(project, 'store', 'tp', 'settings.json'))
    expect(linksAlong(join(project, 'conf', 'tp', 'settings.json'))).toEqual([
      join(project, 'conf', 'tp'),
      join(project, 'dot'),
      join(project, 'store', 'tp', 'settings.json'),
    ])
    expect(linksAlong(join(project, 'conf', 'nothing', 'here'))).toEqual([])
  })

  it('stops at a cycle', () => {
    const project = projectFolder()
    symlinkSync('b', join(project, 'a'))
    symlinkSync('a', join(project, 'b'))
    expect(linksAlong(join(project, 'a', 'x')).length).toBeLessThanOrEqual(40)
  })

  it('denies a link’s folder below a writable root, and ignores links outside every one', () => {
    const project = projectFolder()
    mkdirSync(join(project, 'conf'))
    symlinkSync('../elsewhere', join(project, 'conf', 'agent.json'))
    const outside = join(project, '..', 'outside')
    mkdirSync(outside)
    symlinkSync('x', join(outside, 'link'))
    expect(
      linkFolders([join(project, 'conf', 'agent.json'), join(outside, 'link')], [project]),
    ).toEqual([join(project, 'conf')])
  })

  it('refuses, naming the link, where its folder is a writable root', () => {
    const project = projectFolder()
    mkdirSync(join(project, 'dot'))
    symlinkSync('dot', join(project, '.toolpipe'))
    expect(() => linkFolders([join(project, '.toolpipe', 'settings.json')], [project])).toThrow(
      expect.objectContaining({
        code: 'SANDBOX_UNAVAILABLE',
        message: expect.stringContaining(`symlink ${join(project, '.toolpipe')}`) as unknown,
      }),
    )
  })
})
