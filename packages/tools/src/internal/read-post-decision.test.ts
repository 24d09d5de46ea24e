import { describe, expect, it } from 'vitest'
import { text } from '../__fixtures__/tools.js'
import { ToolPipelineError } from '../tool-pipeline-error.js'
import { ResultNotJson } from './error-result.js'
import { readPostDecision } from './read-post-decision.js'

/**
 * What a `tools/post-execute` listener may return (SPEC §12.1): `accept` with optional content
 * and context, or `block` with feedback; copied as deep-frozen JSON, each member read once.
 */

const expected =
  "{ kind: 'accept', content?, additionalContext? } or { kind: 'block', feedback, additionalContext?, error? }"
const context = { content: [text('note')], source: { kind: 'user' } } as const

function refusal(value: unknown): ToolPipelineError {
  try {
    readPostDecision(value)
  } catch (error) {
    expect(error).toBeInstanceOf(ToolPipelineError)
    expect((error as ToolPipelineError).code).toBe('INVALID_DECISION')
    return error as ToolPipelineError
  }
  throw new Error('expected a refusal')
}

describe('readPostDecision', () => {
  it('keeps the error a block stands for, as a frozen { name, code } read once', () => {
    let reads = 0
    const error = {
      get name() {
        reads++
        return 'HookStoppedError'
      },
      code: 'HOOK_STOPPED',
    }
    const decision = readPostDecision({ kind: 'block', feedback: [text('stop')], error })
    expect(decision).toStrictEqual({
      kind: 'block',
      feedback: [text('stop')],
      error: { name: 'HookStoppedError', code: 'HOOK_STOPPED' },
    })
    expect(reads).toBe(1)
    expect(decision.kind === 'block' && Object.isFrozen(decision.error)).toBe(true)
  })

  it('keeps only the members given: no undefined content or context is added', () => {
    const bare = readPostDecision({ kind: 'accept' })
    expect(Object.keys(bare)).toEqual(['kind'])
    expect(Object.isFrozen(bare)).toBe(true)
    expect(Object.keys(readPostDecision({ kind: 'block', feedback: [text('no')] }))).toEqual([
      'kind',
      'feedback',
    ])
    expect(
      readPostDecision({ kind: 'accept', content: [text('new')], additionalContext: context }),
    ).toStrictEqual({ kind: 'accept', content: [text('new')], additionalContext: context })
    expect(
      readPostDecision({ kind: 'block', feedback: [text('no')], additionalContext: context }),
    ).toStrictEqual({ kind: 'block', feedback: [text('no')], additionalContext: context })
  })

  it.each([
    ['null', null, 'null'],
    ['a kind alone as a string', 'accept', '"accept"'],
    ['an unknown kind', { kind: 'retry' }, 'an object with keys ["kind"]'],
    [
      'content that is not content',
      { kind: 'accept', content: 'new' },
      'an object with keys ["kind","content"]',
    ],
    [
      'a context that is not a hook context',
      { kind: 'accept', additionalContext: { content: [text('x')] } },
      'an object with keys ["kind","additionalContext"]',
    ],
    ['a block without feedback', { kind: 'block' }, 'an object with keys ["kind"]'],
    [
      'a block whose error has no code',
      { kind: 'block', feedback: [], error: { name: 'E' } },
      'an object with keys ["kind","feedback","error"]',
    ],
    [
      'a block whose error is a string',
      { kind: 'block', feedback: [], error: 'HOOK_STOPPED' },
      'an object with keys ["kind","feedback","error"]',
    ],
  ])('refuses %s, naming the event and what it expects', (_label, value, described) => {
    expect(refusal(value).message).toBe(
      `a tools/post-execute listener returned ${described}; expected ${expected}`,
    )
  })

  it('refuses an unknown kind before reading its other members as JSON', () => {
    expect(refusal({ kind: 'retry', feedback: [text('x'), 1n] }).code).toBe('INVALID_DECISION')
    expect(refusal({ kind: 'retry', additionalContext: 1n }).code).toBe('INVALID_DECISION')
  })

  it('content or context that is not JSON makes the result not JSON', () => {
    expect(() => readPostDecision({ kind: 'accept', content: [{ type: 'text', n: 1n }] })).toThrow(
      ResultNotJson,
    )
    expect(() =>
      readPostDecision({ kind: 'block', feedback: [text('x')], additionalContext: 1n }),
    ).toThrow(ResultNotJson)
  })

  it('names the decision when one of its members cannot be read, with the throw as cause', () => {
    const boom = new Error('boom')
    const error = refusal({
      kind: 'accept',
      get content(): unknown {
        throw boom
      },
    })
    expect(error.message).toBe("a tools/post-execute listener's decision could not be read: boom")
    expect(error.cause).toBe(boom)
  })
})
