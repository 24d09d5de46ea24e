import { describe, expect, it } from 'vitest'
import { ToolPipelineError } from '../tool-pipeline-error.js'
import { readArgIssues } from './read-arg-issues.js'

/**
 * What a tool's `checkArgs` may return (SPEC §9): an array of argument issues, each with a string
 * `code` and `message` and a `path` of keys and indexes. Anything else is `INVALID_ARG_ISSUES`.
 */

function refusal(value: unknown): ToolPipelineError {
  try {
    readArgIssues('edit', value)
  } catch (error) {
    expect(error).toBeInstanceOf(ToolPipelineError)
    expect((error as ToolPipelineError).code).toBe('INVALID_ARG_ISSUES')
    return error as ToolPipelineError
  }
  throw new Error('expected a refusal')
}

const issue = { code: 'invalid', path: ['edits', 3, 'path'], message: 'bad path' }

describe('readArgIssues', () => {
  it('admits [] and hands back the issues as a frozen copy, keys and indexes in the path', () => {
    expect(readArgIssues('edit', [])).toEqual([])
    const given = [issue, { code: 'missing', path: [], message: 'no path', extra: 'kept' }]
    const read = readArgIssues('edit', given)
    expect(read).toEqual(given)
    expect(read).not.toBe(given)
    expect(Object.isFrozen(read)).toBe(true)
    expect(Object.isFrozen(read[0])).toBe(true)
  })

  it.each([
    ['an object, not an array', issue, 'an object with keys ["code","path","message"]'],
    ['an array holding something not JSON', [{ ...issue, at: 1n }], 'an array'],
    ['null among issues', [issue, null], 'an array'],
    ['a string among issues', ['bad path'], 'an array'],
    ['an array among issues', [['invalid', [], 'bad path']], 'an array'],
    ['a numeric code', [{ ...issue, code: 1 }], 'an array'],
    ['no message', [{ code: 'invalid', path: [] }], 'an array'],
    ['a path that is not an array', [{ ...issue, path: 'edits' }], 'an array'],
    ['a path holding a boolean', [{ ...issue, path: ['edits', true] }], 'an array'],
  ])('refuses %s, naming the tool and what it returned', (_label, value, described) => {
    expect(refusal(value).message).toBe(
      `the checkArgs of tool "edit" returned ${described}; expected an array of argument issues ({ code, path, message })`,
    )
  })
})
