import { describe, expect, it } from 'vitest'
import {
  appendIssue,
  branchRun,
  issueLimit,
  issuesOf,
  pathTo,
  record,
  recordCycle,
  startRun,
} from './issue-run.js'

describe('an issue run', () => {
  it('records issues until the budget is spent, then marks it exhausted', () => {
    const run = startRun()
    for (let count = 0; count < issueLimit + 2; count++) {
      record(run, { code: 'unknown_property', path: [count] })
    }
    expect(run.issues).toHaveLength(issueLimit)
    expect(run.budget).toEqual({ left: 0, exhausted: true })
  })

  it('gives a union alternative its own issues and budget (what is left), on the same place', () => {
    const run = startRun()
    run.keys[0] = 'edit'
    run.budget.left = 2
    const branch = branchRun(run)
    record(branch, { code: 'unknown_property', path: ['edit', 'x'] })
    record(branch, { code: 'unknown_property', path: ['edit', 'y'] })
    record(branch, { code: 'unknown_property', path: ['edit', 'z'] })
    expect(branch.issues).toHaveLength(2)
    expect(branch.budget).toEqual({ left: 0, exhausted: true })
    // The alternative ran out of its budget: the value's is untouched until the union decides.
    expect(run.issues).toEqual([])
    expect(run.budget).toEqual({ left: 2, exhausted: false })
    expect(branch.keys).toBe(run.keys)
  })

  it('makes the path of the value at a depth, with a key after it when given', () => {
    const run = startRun()
    // The walk writes keys[d] before it reads it (the array starts at a size, not empty).
    Object.assign(run.keys, ['rows', 3, 'status', 'x'])
    expect(pathTo(run, 0)).toEqual([])
    expect(pathTo(run, 1)).toEqual(['rows'])
    expect(pathTo(run, 2)).toEqual(['rows', 3])
    expect(pathTo(run, 3)).toEqual(['rows', 3, 'status'])
    expect(pathTo(run, 4)).toEqual(['rows', 3, 'status', 'x'])
    expect(pathTo(run, 0, 'a')).toEqual(['a'])
    expect(pathTo(run, 1, 'a')).toEqual(['rows', 'a'])
    expect(pathTo(run, 2, 'a')).toEqual(['rows', 3, 'a'])
    expect(pathTo(run, 3, 'a')).toEqual(['rows', 3, 'status', 'a'])
  })

  it('records a cycle pointing at the ancestor it closes on, and nothing for a new value', () => {
    const run = startRun()
    const root = {}
    const child = {}
    run.ancestors.push(root, child)
    Object.assign(run.keys, ['a', 'b'])
    expect(recordCycle({}, 2, run)).toBe(false)
    expect(recordCycle(root, 2, run)).toBe(true)
    expect(run.issues).toEqual([{ code: 'cycle', path: ['a', 'b'], ancestorPath: [] }])
  })

  it('gives a run without issues a fresh array of its own, and appends past the budget', () => {
    const first = startRun()
    const second = startRun()
    const none = issuesOf(first)
    expect(none).toEqual([])
    expect(Object.isFrozen(none)).toBe(false)
    expect(issuesOf(second)).not.toBe(none)
    // A shared empty array is never written to: appending makes the run an array of its own.
    expect(() => {
      appendIssue(first, { code: 'too_many_issues', path: [], limit: issueLimit })
    }).not.toThrow()
    expect(issuesOf(first)).toEqual([{ code: 'too_many_issues', path: [], limit: issueLimit }])
    expect(issuesOf(second)).toEqual([])
    first.budget.left = 0
    appendIssue(first, { code: 'unknown_property', path: ['x'] })
    expect(issuesOf(first)).toHaveLength(2)
  })
})
