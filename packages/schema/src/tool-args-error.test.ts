import { HarnessError, isHarnessError } from '@toolpipe/core'
import { readFileIssues } from '@toolpipe/tool-schemas'
import { describe, expect, it } from 'vitest'
import type { ArgIssue } from './arg-issue.js'
import { ToolArgsError } from './tool-args-error.js'

const issues: ArgIssue[] = [...readFileIssues]

describe('ToolArgsError', () => {
  it('joins the issue messages after "invalid arguments: "', () => {
    expect(new ToolArgsError(issues).message).toBe(
      'invalid arguments: missing required property "path"; "limit" must be a number, got string',
    )
  })

  it('is a HarnessError with code INVALID_ARGS and its class name', () => {
    const error = new ToolArgsError(issues)
    expect(error).toBeInstanceOf(HarnessError)
    expect(isHarnessError(error)).toBe(true)
    expect(error.code).toBe('INVALID_ARGS')
    expect(error.name).toBe('ToolArgsError')
    expect(String(error)).toMatch(/^ToolArgsError: invalid arguments: /)
  })

  it('keeps a frozen copy of the issues', () => {
    const given = [...issues]
    const error = new ToolArgsError(given)
    given.pop()
    expect(error.issues).toEqual(issues)
    expect(Object.isFrozen(error.issues)).toBe(true)
  })

  it('keeps its cause', () => {
    const cause = new Error('root')
    expect(new ToolArgsError(issues, { cause }).cause).toBe(cause)
  })
})
