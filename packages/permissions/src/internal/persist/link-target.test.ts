import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { scratchProjects } from '../../__fixtures__/harness.js'
import { linkTarget } from './link-target.js'

const project = scratchProjects()
const scratch = (): string => project().root

describe('linkTarget', () => {
  it('is the path itself for a plain file, or a missing one', async () => {
    const folder = scratch()
    writeFileSync(join(folder, 'a.json'), '{}')
    expect(await linkTarget(join(folder, 'a.json'))).toBe(join(folder, 'a.json'))
    expect(await linkTarget(join(folder, 'missing', 'b.json'))).toBe(
      join(folder, 'missing', 'b.json'),
    )
  })

  it('is the end of a chain of links, each read relative to the folder it really is in', async () => {
    const folder = scratch()
    mkdirSync(join(folder, 'real'))
    writeFileSync(join(folder, 'real', 'settings.json'), '{}')
    symlinkSync('real', join(folder, 'dir'))
    symlinkSync('settings.json', join(folder, 'real', 'inner'))
    symlinkSync('dir/inner', join(folder, 'outer'))
    expect(await linkTarget(join(folder, 'outer'))).toBe(join(folder, 'real', 'settings.json'))
  })

  it('is the missing file a dangling link names, to be created', async () => {
    const folder = scratch()
    symlinkSync('nowhere/settings.json', join(folder, 'dangling'))
    expect(await linkTarget(join(folder, 'dangling'))).toBe(
      join(folder, 'nowhere', 'settings.json'),
    )
  })

  it('refuses a loop of links', async () => {
    const folder = scratch()
    symlinkSync('b', join(folder, 'a'))
    symlinkSync('a', join(folder, 'b'))
    await expect(linkTarget(join(folder, 'a'))).rejects.toThrow(
      `${join(folder, 'a')}: too many levels of symbolic links; it was left as it is`,
    )
  })
})
