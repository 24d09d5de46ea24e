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

  it('keeps its issues read-only at run time (SPEC §3 "readonly issues"): a strict-mode assignment throws', () => {
    const error = new ToolArgsError(issues)
    // Test modules are ES modules, so this assignment is strict-mode code.
    expect(() => {
      ;(error as { issues: unknown }).issues = []
    }).toThrow(TypeError)
    expect(error.issues).toEqual(issues)
    expect(Object.getOwnPropertyDescriptor(error, 'issues')).toMatchObject({
      writable: false,
      enumerable: true,
    })
    expect(Object.keys(error)).toEqual(['code', 'name', 'issues'])
  })

  it('keeps its cause', () => {
    const cause = new Error('root')
    expect(new ToolArgsError(issues, { cause }).cause).toBe(cause)
  })

  describe('a Standard Schema issue (code invalid) names its place (SPEC §10)', () => {
    const invalid = (path: (string | number)[], message: string): ArgIssue => ({
      code: 'invalid',
      path,
      message,
      reason: message,
      vendor: 'zod',
    })

    it('writes the place before the library words, as every message names a place', () => {
      expect(
        new ToolArgsError([
          invalid(['edits', 3, 'path'], 'Invalid input: expected string, received number'),
          invalid(['odd key'], 'bad'),
        ]).message,
      ).toBe(
        'invalid arguments: "edits[3].path": Invalid input: expected string, received number; "["odd key"]": bad',
      )
    })

    it('leaves the root, a message that starts with its place, and other codes as they are', () => {
      const issues: ArgIssue[] = [
        invalid([], 'Invalid input: expected object, received string'),
        invalid(['a', 'b'], '"a.b" is wrong'),
        {
          code: 'missing',
          path: ['path'],
          message: 'missing required property "path"',
          expected: 'string',
        },
      ]
      expect(new ToolArgsError(issues).message).toBe(
        'invalid arguments: Invalid input: expected object, received string; "a.b" is wrong; missing required property "path"',
      )
    })

    it('cuts a long key in the place (SPEC §22), and keeps the issues as they were given', () => {
      const key = 'k'.repeat(10_000)
      const issue = invalid([key], 'bad')
      const error = new ToolArgsError([issue])
      expect(error.message).toBe(`invalid arguments: "["${'k'.repeat(64)}…"]": bad`)
      expect(error.issues).toEqual([issue])
    })
  })
})
