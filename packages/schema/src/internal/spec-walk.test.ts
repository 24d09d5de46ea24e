import { revokedProxy } from '@toolpipe/hostile-values'
import { describe, expect, it } from 'vitest'
import {
  below,
  enter,
  guarded,
  isObjectLike,
  leave,
  mistake,
  startWalk,
  unreadable,
} from './spec-walk.js'

describe('the walk over a spec', () => {
  it('records a mistake at its place, or below it, with the path in the message', () => {
    const walk = startWalk()
    below(walk, ['edits', 'items'], () => {
      mistake(walk, 'is wrong')
      mistake(walk, 'must be a string', 'type')
    })
    expect(walk.mistakes).toEqual([
      { path: ['edits', 'items'], message: 'spec.edits.items is wrong' },
      { path: ['edits', 'items', 'type'], message: 'spec.edits.items.type must be a string' },
    ])
    expect(walk.path).toEqual([])
  })

  it('turns a read that throws into a mistake and the unreadable mark', () => {
    const walk = startWalk()
    expect(guarded(walk, () => 1)).toBe(1)
    expect(
      guarded(
        walk,
        () => {
          throw new Error('boom')
        },
        'path',
      ),
    ).toBe(unreadable)
    expect(walk.mistakes).toEqual([
      { path: ['path'], message: 'spec.path could not be read: boom' },
    ])
  })

  it('takes a non-array object as object-like; a revoked Proxy is a mistake', () => {
    const walk = startWalk()
    expect(isObjectLike({}, walk)).toBe(true)
    expect(isObjectLike([], walk)).toBe(false)
    expect(isObjectLike('x', walk)).toBe(false)
    expect(walk.mistakes).toEqual([])
    expect(isObjectLike(revokedProxy(), walk)).toBe(false)
    expect(walk.mistakes).toHaveLength(1)
  })

  it('refuses a prop that is its own ancestor, naming where it points back to', () => {
    const walk = startWalk()
    const root = {}
    expect(enter(root, walk)).toBe(true)
    below(walk, ['a', 'items'], () => {
      expect(enter(root, walk)).toBe(false)
    })
    leave(walk)
    expect(enter(root, walk)).toBe(true)
    expect(walk.mistakes).toEqual([
      {
        path: ['a', 'items'],
        message: 'spec.a.items refers back to spec: a spec must not be cyclic',
      },
    ])
  })
})
