import { throwingProxy } from '@toolpipe/hostile-values'
import { describe, expect, it } from 'vitest'
import { isMissingKey } from './missing-key.js'

describe('isMissingKey', () => {
  it('says so for a type or key issue whose path ends at a key the arguments lack', () => {
    expect(isMissingKey({ code: 'invalid_type' }, ['path'], {})).toBe(true)
    expect(isMissingKey({ kind: 'schema' }, ['edits', 0, 'text'], { edits: [{}] })).toBe(true)
    expect(isMissingKey({ code: 'required' }, ['a'], { b: 1 })).toBe(true)
  })

  it('does not for a member that is there, a refinement, an empty path or a parent that is not an object', () => {
    expect(isMissingKey({ code: 'invalid_type' }, ['path'], { path: 1 })).toBe(false)
    expect(isMissingKey({ code: 'custom' }, ['confirm'], {})).toBe(false)
    expect(isMissingKey({ code: 'invalid_type' }, [], {})).toBe(false)
    expect(isMissingKey({ code: 'invalid_type' }, ['a', 'b'], { a: 'x' })).toBe(false)
    expect(isMissingKey({ code: 'invalid_type' }, [0], [])).toBe(false)
  })

  it('answers false, never a throw, for arguments it cannot read', () => {
    expect(isMissingKey({ code: 'invalid_type' }, ['a', 'b'], throwingProxy())).toBe(false)
  })
})
