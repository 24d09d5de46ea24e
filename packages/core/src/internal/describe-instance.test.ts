import { describe, expect, it } from 'vitest'
import { describeInstance } from './describe-instance.js'
import { Point } from '../__fixtures__/plain-data.js'
import { revokedProxy } from '@toolpipe/hostile-values'

const revoked = revokedProxy()

describe('describeInstance', () => {
  it('names the class, or says why it cannot', () => {
    expect(describeInstance(new Map())).toBe('an instance of Map')
    expect(describeInstance(new Point())).toBe('an instance of Point')
    expect(describeInstance(Object.create(Object.create(null) as object) as object)).toBe(
      'an object with a custom prototype',
    )
    expect(describeInstance(revoked)).toBe('an unreadable object')
  })

  it('says custom prototype for an object without one and for an anonymous class', () => {
    expect(describeInstance(Object.create(null) as object)).toBe(
      'an object with a custom prototype',
    )
    const anonymous = [class {}][0]!
    expect(anonymous.name).toBe('')
    expect(describeInstance(new anonymous())).toBe('an object with a custom prototype')
  })
})
