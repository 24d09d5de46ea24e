import { describe, expect, it } from 'vitest'
import { ToolPipelineError } from '../tool-pipeline-error.js'
import { readDecision } from './read-decision.js'
import { thrown } from '../__fixtures__/tools.js'

const decision = {
  stage: 'rule',
  outcome: 'deny',
  source: { kind: 'settings', id: 'Bash(rm:*)', path: '.claude/settings.json' },
  reason: 'denied by a rule',
}

describe('readDecision', () => {
  it('copies a decision into a fresh frozen one, without what the plugin added', () => {
    const given = { ...decision, extra: 1, source: { ...decision.source, extra: 2 } }
    const read = readDecision(given)
    expect(read).toEqual(decision)
    expect(read).not.toBe(given)
    expect(Object.isFrozen(read)).toBe(true)
    expect(Object.isFrozen(read.source)).toBe(true)
    expect(readDecision({ stage: 'hook', outcome: 'allow', source: { kind: 'hook' } })).toEqual({
      stage: 'hook',
      outcome: 'allow',
      source: { kind: 'hook' },
    })
  })

  it('only checks, allocating nothing, when the copy is not kept', () => {
    expect(readDecision(decision, false)).toBeUndefined()
    expect(() => readDecision({ ...decision, stage: 'later' }, false)).toThrow(ToolPipelineError)
  })

  it.each([
    [null, 'a reported decision must be an object, got null'],
    [
      { ...decision, stage: 'later' },
      'a reported decision\'s stage must be one of "restriction", "rule", "policy", "hook", "guard", "approval", "post", got "later"',
    ],
    [
      { ...decision, outcome: 'maybe' },
      'a reported decision\'s outcome must be one of "allow", "ask", "deny", "edit", "block", got "maybe"',
    ],
    [
      { ...decision, reason: 3 },
      "a reported decision's reason must be a string when present, got 3",
    ],
    [
      { ...decision, source: { kind: '' } },
      'a reported decision\'s source must be { kind: string, id?: string, path?: string }, got an object with keys ["kind"]',
    ],
    [
      { ...decision, source: { kind: 'rule', id: 4 } },
      "a reported decision's source.id must be a string when present, got 4",
    ],
    [
      { ...decision, source: { kind: 'rule', path: false } },
      "a reported decision's source.path must be a string when present, got false",
    ],
  ])('refuses %j as INVALID_DECISION, naming the member', (value, message) => {
    expect(() => readDecision(value)).toThrow(new ToolPipelineError(message, 'INVALID_DECISION'))
    expect(() => readDecision(value)).toThrow(ToolPipelineError)
  })

  it('refuses a decision or source whose getter throws, keeping the cause', () => {
    const boom = new Error('boom')
    const throwing = (): never => {
      throw boom
    }
    const unreadable = Object.defineProperty({ ...decision }, 'stage', { get: throwing })
    expect(thrown(() => readDecision(unreadable))).toMatchObject({
      code: 'INVALID_DECISION',
      message: 'a reported decision could not be read: boom',
      cause: boom,
    })
    const source = Object.defineProperty({ kind: 'rule' }, 'id', { get: throwing })
    expect(thrown(() => readDecision({ ...decision, source }))).toMatchObject({
      code: 'INVALID_DECISION',
      message: "a reported decision's source could not be read: boom",
      cause: boom,
    })
  })
})
