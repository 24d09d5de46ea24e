import { describe, expect, it } from 'vitest'
import { ToolPipelineError } from '../tool-pipeline-error.js'
import { readMembers } from './read-members.js'

describe('readMembers', () => {
  it('reads each named member once, and nothing for a non-object', () => {
    let reads = 0
    const value = {
      get kind() {
        reads++
        return 'allow'
      },
      other: 1,
    }
    expect(readMembers(value, ['kind', 'reason'], 'a decision')).toEqual({
      kind: 'allow',
      reason: undefined,
    })
    expect(reads).toBe(1)
    expect(readMembers('allow', ['kind'], 'a decision')).toBeUndefined()
    expect(readMembers(null, ['kind'], 'a decision')).toBeUndefined()
  })

  it('fails with INVALID_DECISION, naming what it read, when a getter throws', () => {
    const boom = new Error('boom')
    const value = {
      get kind(): never {
        throw boom
      },
    }
    let thrown: unknown
    try {
      readMembers(value, ['kind'], 'the pre-execute decision')
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(ToolPipelineError)
    expect(thrown).toMatchObject({
      code: 'INVALID_DECISION',
      message: 'the pre-execute decision could not be read: boom',
      cause: boom,
    })
  })
})
