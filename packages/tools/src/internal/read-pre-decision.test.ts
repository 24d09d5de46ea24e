import { describe, expect, it } from 'vitest'
import { ToolPipelineError } from '../tool-pipeline-error.js'
import { readPreDecision } from './read-pre-decision.js'

/** What a `tools/pre-execute` listener may return: allow, deny with a reason, ask. */

function refusal(value: unknown): ToolPipelineError {
  try {
    readPreDecision(value)
  } catch (error) {
    expect(error).toBeInstanceOf(ToolPipelineError)
    expect((error as ToolPipelineError).code).toBe('INVALID_DECISION')
    return error as ToolPipelineError
  }
  throw new Error('expected a refusal')
}

const expected =
  "expected { kind: 'allow', arguments? } | { kind: 'deny', reason, code? } | { kind: 'ask', reason?, arguments?, remember? }"

describe('readPreDecision', () => {
  it('reads allow, deny and ask into frozen decisions with only their own members', () => {
    const allow = readPreDecision({ kind: 'allow', reason: 'ignored' })
    expect(allow).toStrictEqual({ kind: 'allow' })
    expect(Object.isFrozen(allow)).toBe(true)
    expect(readPreDecision({ kind: 'deny', reason: 'no' })).toStrictEqual({
      kind: 'deny',
      reason: 'no',
    })
    expect(readPreDecision({ kind: 'ask' })).toStrictEqual({ kind: 'ask' })
    expect(readPreDecision({ kind: 'ask', reason: 'sure?' })).toStrictEqual({
      kind: 'ask',
      reason: 'sure?',
    })
  })

  it.each([
    ['null', null, 'null'],
    ['a bare kind', 'allow', '"allow"'],
    [
      'an ask with a reason that is not a string',
      { kind: 'ask', reason: 5 },
      'an object with keys ["kind","reason"]',
    ],
    ['a deny without a reason', { kind: 'deny' }, 'an object with keys ["kind"]'],
  ])('refuses %s', (_label, value, described) => {
    expect(refusal(value).message).toBe(
      `a tools/pre-execute listener returned ${described}; ${expected}`,
    )
  })
})
