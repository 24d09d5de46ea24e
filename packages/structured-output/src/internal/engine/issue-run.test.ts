import { describe, expect, it } from 'vitest'
import { branchRun, issueLimit, pathTo, record, recordCycle, startRun } from './issue-run.js'

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
    run.keys.push('rows', 3, 'status', 'x')
    expect(pathTo(run, 0)).toEqual([])
    expect(pathTo(run, 1)).toEqual(['rows'])
    expect(pathTo(run, 2)).toEqual(['rows', 3])
    expect(pathTo(run, 3)).toEqual(['rows', 3, 'status'])
    expect(pathTo(run, 0, 'a')).toEqual(['a'])
    expect(pathTo(run, 1, 'a')).toEqual(['rows', 'a'])
    expect(pathTo(run, 3, 'a')).toEqual(['rows', 3, 'status', 'a'])
  })

  it('records a cycle pointing at the ancestor it closes on, and nothing for a new value', () => {
    const run = startRun()
    const root = {}
    const child = {}
    run.ancestors.push(root, child)
    run.keys.push('a', 'b')
    expect(recordCycle({}, 2, run)).toBe(false)
    expect(recordCycle(root, 2, run)).toBe(true)
    expect(run.issues).toEqual([{ code: 'cycle', path: ['a', 'b'], ancestorPath: [] }])
  })
})
