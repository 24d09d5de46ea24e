import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ScratchFolders } from '../__fixtures__/scratch-folders.js'
import { follow, handWatcher } from '../__fixtures__/hand-watcher.js'

const folders = new ScratchFolders('toolpipe-follow-')
afterEach(() => {
  folders.removeAll()
})

describe('FolderFollower', () => {
  it('watches the nearest existing folder until the file’s folder exists, then that folder', () => {
    const root = folders.folder()
    const hand = handWatcher()
    const { follower, events } = follow(join(root, 'a', 'b', 'settings.json'), hand.watcher)
    expect(hand.watched.map(({ folder }) => folder)).toEqual([root])
    // Any event above the folder may be its creation.
    hand.watched[0]!.onEvent('unrelated')
    expect(events).toEqual(['event'])
    mkdirSync(join(root, 'a', 'b'), { recursive: true })
    follower.arm()
    follower.arm()
    expect(hand.watched.map(({ folder, closed }) => [folder, closed])).toEqual([
      [root, true],
      [join(root, 'a', 'b'), false],
    ])
  })

  it('in the file’s own folder, hears only the file (or an event that names nothing)', () => {
    const root = folders.folder()
    const hand = handWatcher()
    const { events } = follow(join(root, 'settings.json'), hand.watcher)
    hand.watched[0]!.onEvent('other.json')
    hand.watched[0]!.onEvent('settings.json')
    hand.watched[0]!.onEvent(null)
    expect(events).toEqual(['event', 'event'])
  })

  it('polls the file when its watch fails, warning once per kind of failure; close stops both', () => {
    const root = folders.folder()
    const hand = handWatcher()
    const path = join(root, 'settings.json')
    const { follower, events, warnings } = follow(path, hand.watcher)
    const failure = Object.assign(new Error('io'), { code: 'EIO' })
    hand.watched[0]!.handle.emit('error', failure)
    expect(hand.watched[0]!.closed).toBe(true)
    expect(hand.polled).toEqual([path])
    expect(events).toEqual(['failed'])
    follower.arm()
    hand.watched[1]!.handle.emit('error', failure)
    expect(warnings).toEqual([
      'toolpipe: settings file settings.json cannot be watched (EIO); it is polled every 1000 ms instead',
    ])
    expect(hand.polled).toEqual([path])
    follower.close()
    follower.arm()
    expect(hand.watched).toHaveLength(2)
  })
})
