import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ScratchFolders } from '../__fixtures__/scratch-folders.js'
import { linkChainOf, maxLinksFollowed } from './link-chain.js'

const folders = new ScratchFolders('toolpipe-links-')
afterEach(() => {
  folders.removeAll()
})

/** A scratch folder, physical (a temporary folder may itself be reached through a link). */
function scratch(): string {
  return realpathSync(folders.folder())
}

describe('linkChainOf: what a settings file’s content depends on (SPEC §18.3, §26)', () => {
  it('is the file alone when it is no link, or missing', () => {
    const root = scratch()
    writeFileSync(join(root, 'settings.json'), '{}')
    expect(linkChainOf(join(root, 'settings.json'))).toEqual([
      { folder: root, name: 'settings.json' },
    ])
    expect(linkChainOf(join(root, 'nowhere', 'settings.json'))).toEqual([
      { folder: join(root, 'nowhere'), name: 'settings.json' },
    ])
  })

  it('follows a chain of links, relative and absolute, to the file it ends at', () => {
    const root = scratch()
    mkdirSync(join(root, '.toolpipe'))
    mkdirSync(join(root, 'team'))
    mkdirSync(join(root, 'real'))
    writeFileSync(join(root, 'real', 'settings.json'), '{}')
    symlinkSync('../team/team.json', join(root, '.toolpipe', 'settings.json'))
    symlinkSync(join(root, 'real', 'settings.json'), join(root, 'team', 'team.json'))
    expect(linkChainOf(join(root, '.toolpipe', 'settings.json'))).toEqual([
      { folder: join(root, '.toolpipe'), name: 'settings.json' },
      { folder: join(root, 'team'), name: 'team.json' },
      { folder: join(root, 'real'), name: 'settings.json' },
    ])
  })

  it('resolves a relative target as the kernel does: `..` through the link’s folder’s own links', () => {
    const root = scratch()
    mkdirSync(join(root, 'deep', 'inner'), { recursive: true })
    symlinkSync(join(root, 'deep', 'inner'), join(root, 'alias'))
    symlinkSync('../real.json', join(root, 'deep', 'inner', 'settings.json'))
    // Lexically alias/../real.json is root/real.json; the kernel reads deep/real.json.
    expect(linkChainOf(join(root, 'alias', 'settings.json')).at(-1)).toEqual({
      folder: join(root, 'deep'),
      name: 'real.json',
    })
  })

  it('ends at a dangling link’s missing target, so that its appearing can be heard', () => {
    const root = scratch()
    symlinkSync('later/settings.json', join(root, 'settings.json'))
    expect(linkChainOf(join(root, 'settings.json'))).toEqual([
      { folder: root, name: 'settings.json' },
      { folder: join(root, 'later'), name: 'settings.json' },
    ])
  })

  it('stops at a loop, and after as many links as the kernel follows', () => {
    const root = scratch()
    symlinkSync('b', join(root, 'a'))
    symlinkSync('a', join(root, 'b'))
    expect(linkChainOf(join(root, 'a')).map(({ name }) => name)).toEqual(['a', 'b'])
    for (let index = 0; index < 60; index++) {
      symlinkSync(`link-${index + 1}`, join(root, `link-${index}`))
    }
    expect(linkChainOf(join(root, 'link-0'))).toHaveLength(maxLinksFollowed + 1)
  })
})
