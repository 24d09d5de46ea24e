import { describe, expect, it } from 'vitest'
import { eventNames, isBuiltInEvent } from './event-names.js'

describe('eventNames', () => {
  it('lists the built-in events in the order a call meets them, frozen', () => {
    expect(eventNames).toEqual([
      'tools/start',
      'tools/pre-execute',
      'tools/approval',
      'tools/execute',
      'tools/progress',
      'tools/post-execute',
      'tools/result',
      'tools/decision',
      'tools/change',
    ])
    expect(Object.isFrozen(eventNames)).toBe(true)
  })

  it('tells a built-in event from a plugin’s', () => {
    expect(isBuiltInEvent('tools/result')).toBe(true)
    expect(isBuiltInEvent('audit/entry')).toBe(false)
    expect(isBuiltInEvent('tools/results')).toBe(false)
  })
})
