import { mkdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { follow, handWatcher } from '../__fixtures__/hand-watcher.js'
import { ScratchFolders } from '../__fixtures__/scratch-folders.js'

// SPEC §18.3 "Files are watched; a changed file is re-read", §26 "a symlinked settings file":
// the watch hears the file a link leads to, and the link being repointed.

const folders = new ScratchFolders('toolpipe-follow-links-')
afterEach(() => {
  folders.removeAll()
})

/** root/.toolpipe/settings.json → ../team/<target>, with team/a.json and other/b.json. */
function linkedProject() {
  const root = realpathSync(folders.folder())
  for (const folder of ['.toolpipe', 'team', 'other']) mkdirSync(join(root, folder))
  for (const name of ['team/a.json', 'other/b.json']) writeFileSync(join(root, name), '{}')
  const path = join(root, '.toolpipe', 'settings.json')
  const pointAt = (target: string) => {
    rmSync(path, { force: true })
    symlinkSync(target, path)
  }
  pointAt('../team/a.json')
  return { root, path, pointAt }
}

describe('FolderFollower and symbolic links (SPEC §18.3, §26)', () => {
  it('watches the link’s folder and its target’s, hearing the target (not its neighbours)', () => {
    const { root, path } = linkedProject()
    const hand = handWatcher()
    const { events } = follow(path, hand.watcher)
    expect(hand.open()).toEqual([join(root, '.toolpipe'), join(root, 'team')])
    const team = hand.watched.find(({ folder }) => folder === join(root, 'team'))!
    team.onEvent('neighbour.json')
    expect(events).toEqual([])
    team.onEvent('a.json')
    const links = hand.watched.find(({ folder }) => folder === join(root, '.toolpipe'))!
    links.onEvent('settings.json')
    expect(events).toEqual(['event', 'event'])
  })

  it('moves to the new target when the link is repointed, closing what it no longer needs', () => {
    const { root, path, pointAt } = linkedProject()
    const hand = handWatcher()
    const { follower, events } = follow(path, hand.watcher)
    const oldTarget = hand.watched.find(({ folder }) => folder === join(root, 'team'))!
    for (let round = 0; round < 20; round++) {
      pointAt(round % 2 === 0 ? '../other/b.json' : '../team/a.json')
      follower.arm()
    }
    expect(hand.open()).toEqual([join(root, '.toolpipe'), join(root, 'team')])
    pointAt('../other/b.json')
    follower.arm()
    expect(hand.open()).toEqual([join(root, '.toolpipe'), join(root, 'other')])
    // A closed watch that still speaks is not heard; the new target is.
    oldTarget.onEvent('a.json')
    expect(events).toEqual([])
    hand.watched.at(-1)!.onEvent('b.json')
    expect(events).toEqual(['event'])
    follower.close()
    expect(hand.open()).toEqual([])
  })

  it('watches above a dangling link’s missing target folder, then the folder once it exists', () => {
    const { root, path, pointAt } = linkedProject()
    pointAt('../later/settings.json')
    const hand = handWatcher()
    const { follower } = follow(path, hand.watcher)
    expect(hand.open()).toEqual([root, join(root, '.toolpipe')])
    mkdirSync(join(root, 'later'))
    follower.arm()
    expect(hand.open()).toEqual([join(root, '.toolpipe'), join(root, 'later')])
  })

  it('falls back to polling the file (through its link) when the target’s folder cannot be watched', () => {
    const { root, path } = linkedProject()
    const hand = handWatcher()
    const { watcher } = hand
    const { warnings } = follow(path, {
      ...watcher,
      watchFolder: (folder, onEvent) => {
        if (folder === join(root, 'team')) {
          throw Object.assign(new Error('no more watches'), { code: 'ENOSPC' })
        }
        return watcher.watchFolder(folder, onEvent)
      },
    })
    expect(hand.open()).toEqual([join(root, '.toolpipe')])
    expect(hand.polled).toEqual([path])
    expect(warnings).toEqual([
      'toolpipe: settings file settings.json cannot be watched (ENOSPC); it is polled every 1000 ms instead',
    ])
  })
})
