import { describe, expect, it } from 'vitest'
import { text } from '../__fixtures__/tools.js'
import { ToolPipelineError } from '../tool-pipeline-error.js'
import { readExecutionResult } from './read-execution-result.js'

const expected =
  '{ content: ContentBlock[], isError: false, additionalContext?, meta?, structured? } or ' +
  '{ content: ContentBlock[], isError: true, error: { name: string, code: string }, additionalContext?, meta?, structured? }'

const notJsonResult = {
  content: [text('Error: tool result must be losslessly JSON-serializable')],
  isError: true,
  error: { name: 'JsonSnapshotError', code: 'NOT_JSON' },
}

/** The error readExecutionResult throws for `value`. */
function refusal(value: unknown): ToolPipelineError {
  try {
    readExecutionResult(value)
  } catch (error) {
    expect(error).toBeInstanceOf(ToolPipelineError)
    return error as ToolPipelineError
  }
  throw new Error('expected a refusal')
}

const context = { content: [text('note')], source: { kind: 'user' } } as const

describe('readExecutionResult: what a tools/execute wrapper returned', () => {
  it('keeps every member given, as fresh frozen copies, and adds none that was not', () => {
    const wrapped = {
      content: [text('ok')],
      isError: false,
      additionalContext: context,
      meta: { took: 3 },
      structured: { rows: 2 },
    }
    const result = readExecutionResult(wrapped)
    expect(result).toStrictEqual(wrapped)
    expect(Object.isFrozen(result)).toBe(true)
    expect(result.meta).not.toBe(wrapped.meta)
    const bare = readExecutionResult({ content: [text('ok')], isError: false })
    expect(Object.keys(bare)).toEqual(['content', 'isError'])
    const failed = readExecutionResult({
      content: [text('no')],
      isError: true,
      error: { name: 'QuotaError', code: 'QUOTA' },
    })
    expect(failed).toStrictEqual({
      content: [text('no')],
      isError: true,
      error: { name: 'QuotaError', code: 'QUOTA' },
    })
  })

  it.each([
    ['content', { content: [text('x'), { type: 'text', text: 1n }], isError: false }],
    [
      'additionalContext',
      { content: [text('x')], isError: false, additionalContext: { when: new Date() } },
    ],
    ['meta', { content: [text('x')], isError: false, meta: { when: Number.NaN } }],
    ['structured', { content: [text('x')], isError: false, structured: [undefined] }],
  ])('makes a result whose %s is not JSON the NOT_JSON error result', (_label, value) => {
    expect(readExecutionResult(value)).toEqual(notJsonResult)
  })

  it.each([
    ['not an object', 'ok'],
    ['content that is not content', { content: 'ok', isError: false }],
    ['no isError', { content: [text('x')] }],
    ['an isError that is not a boolean', { content: [text('x')], isError: 'false' }],
    ['an error without an error', { content: [text('x')], isError: true }],
    [
      'an error whose name is not a string',
      { content: [text('x')], isError: true, error: { name: 1, code: 'C' } },
    ],
    [
      'an error whose code is not a string',
      { content: [text('x')], isError: true, error: { name: 'E', code: null } },
    ],
    [
      'a success with an error',
      { content: [text('x')], isError: false, error: { name: 'E', code: 'C' } },
    ],
    [
      'an additionalContext that is not a hook context',
      { content: [text('x')], isError: false, additionalContext: { content: [text('x')] } },
    ],
  ])('refuses %s with INVALID_DECISION', (_label, value) => {
    const error = refusal(value)
    expect(error.code).toBe('INVALID_DECISION')
    expect(error.message).toMatch(/^a tools\/execute listener returned .*; expected /)
    expect(error.message.endsWith(expected)).toBe(true)
  })

  it('names what could not be read when a getter throws: the result, or its error', () => {
    const throwing = {
      content: [text('x')],
      get isError(): boolean {
        throw new Error('boom')
      },
    }
    expect(refusal(throwing).message).toBe(
      "a tools/execute listener's result could not be read: boom",
    )
    const badError = {
      content: [text('x')],
      isError: true,
      error: {
        get code(): string {
          throw new Error('no code')
        },
      },
    }
    expect(refusal(badError).message).toBe(
      "a tools/execute listener's result.error could not be read: no code",
    )
  })

  it('does not read the error of a success: one that holds an error is refused as a whole', () => {
    const error = {
      name: 'E',
      get code(): string {
        throw new Error('no code')
      },
    }
    const message = refusal({ content: [text('x')], isError: false, error }).message
    expect(message).toMatch(/^a tools\/execute listener returned /)
    expect(message.endsWith(expected)).toBe(true)
  })

  it('reads additionalContext and meta from the result, whatever else it holds', () => {
    let reads = 0
    const counted = {
      content: [text('x')],
      isError: false,
      get additionalContext() {
        reads++
        return context
      },
      get meta() {
        reads++
        return { a: 1 }
      },
    }
    const result = readExecutionResult(counted)
    expect(result.additionalContext).toEqual(context)
    expect(result.meta).toEqual({ a: 1 })
    expect(reads).toBe(2)
  })
})
