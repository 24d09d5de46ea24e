import { describe, expect, it } from 'vitest'
import { text } from '../__fixtures__/tools.js'
import { ToolPipelineError } from '../tool-pipeline-error.js'
import { readProgress } from './read-progress.js'

/** SPEC §12.2: a progress update, each member read once and checked. */

function refusal(update: unknown): ToolPipelineError {
  try {
    readProgress('build', update)
  } catch (error) {
    expect(error).toBeInstanceOf(ToolPipelineError)
    return error as ToolPipelineError
  }
  throw new Error('expected a refusal')
}

describe('readProgress', () => {
  it('keeps the members given, as a frozen copy', () => {
    const update = { progress: 1, total: 4, message: 'compiling', content: [text('a.ts')] }
    const read = readProgress('build', update)
    expect(read).toStrictEqual(update)
    expect(Object.isFrozen(read)).toBe(true)
    expect(readProgress('build', { message: 'x', other: 1 })).toStrictEqual({ message: 'x' })
  })

  it.each([
    ['a string progress', { progress: '1' }, 'has progress "1"; expected a finite number'],
    [
      'an infinite total',
      { total: Number.POSITIVE_INFINITY },
      'has total Infinity; expected a finite number',
    ],
    ['a numeric message', { message: 3 }, 'has message 3; expected a string'],
    [
      'content that is a string',
      { content: 'a.ts' },
      'has content "a.ts"; expected content blocks',
    ],
    [
      'content that is not JSON',
      { content: [{ type: 'text', text: 1n }] },
      'has content an array; expected content blocks',
    ],
  ])('refuses %s with INVALID_PROGRESS', (_label, update, problem) => {
    const error = refusal(update)
    expect(error.code).toBe('INVALID_PROGRESS')
    expect(error.message).toBe(`the progress update of tool "build" ${problem}`)
  })

  it('names the update of the tool when a member cannot be read', () => {
    const hostile = {
      get progress(): number {
        throw new Error('boom')
      },
    }
    expect(refusal(hostile).message).toBe(
      'the progress update of tool "build" could not be read: boom',
    )
  })
})
