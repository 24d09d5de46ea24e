import { revokedProxy } from '@toolpipe/hostile-values'
import { describe, expect, it } from 'vitest'
import { parseToolCallView } from './parse-tool-call-view.js'
import { parseToolResultView } from './parse-tool-result-view.js'

function isDeepFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true
  return Object.isFrozen(value) && Object.values(value).every(isDeepFrozen)
}

describe('parseToolCallView', () => {
  it('returns a detached, deep-frozen copy of a valid view', () => {
    const view = {
      card: 'diff',
      title: 'Edit a.ts',
      diffs: [{ path: 'a.ts', oldText: null, newText: 'x' }],
    }
    const parsed = parseToolCallView(view)
    expect(parsed).toEqual(view)
    expect(parsed).not.toBe(view)
    expect(isDeepFrozen(parsed)).toBe(true)
    expect(Object.isFrozen(view.diffs)).toBe(false)
  })

  it('returns undefined for an invalid view, whatever it is', () => {
    const proxy = revokedProxy()
    for (const value of [
      { card: 'diff', title: 'no diffs' },
      { card: 'terminal', title: 'ls', exitcode: 0 },
      null,
      'generic',
      proxy,
    ]) {
      expect(parseToolCallView(value)).toBeUndefined()
    }
  })
})

describe('parseToolResultView', () => {
  it('returns a detached, deep-frozen copy of a valid view', () => {
    const view = { card: 'terminal', output: 'ok\n', exitCode: 0 }
    const parsed = parseToolResultView(view)
    expect(parsed).toEqual(view)
    expect(parsed).not.toBe(view)
    expect(isDeepFrozen(parsed)).toBe(true)
  })

  it('returns undefined for an invalid view', () => {
    expect(
      parseToolResultView({ card: 'terminal', exitCode: 1, signal: 'SIGKILL' }),
    ).toBeUndefined()
    expect(parseToolResultView({ card: 'generic', content: [{ text: 'no type' }] })).toBeUndefined()
  })
})
