import type { IssuePath, RawIssue } from './raw-issue.js'

/** At most this many issues are collected for one value (SPEC §9.1): then the walk stops. */
export const issueLimit = 100

/** How many issues one value may still cost, shared by every part of its walk. */
export interface IssueBudget {
  left: number
  /** An issue was refused for want of budget: every loop stops, and the run says so. */
  exhausted: boolean
}

/** The state of one collection: where the walk is, and what it found. */
export interface IssueRun {
  /** Replaced, not grown, by the first issue: read it once the walk is done. */
  issues: RawIssue[]
  /** `keys[0..depth-1]` lead from the root to the value being checked at `depth`. */
  readonly keys: (string | number)[]
  /** `ancestors[d]`: the container at depth `d` on the current path (plain-data dialect). */
  readonly ancestors: unknown[]
  readonly budget: IssueBudget
}

/** How deep a path the keys of a new run hold before they grow. */
const keysSize = 8

/** What a run holds before its first issue: shared and frozen, so it is never written to. */
const noIssues: RawIssue[] = Object.freeze([]) as unknown as RawIssue[]

/** Starts collecting the issues of one value. */
export function startRun(): IssueRun {
  return {
    issues: noIssues,
    // At a size most paths fit in: the walk's first store into an empty array would grow it.
    // Stryker disable next-line ArrayDeclaration: the walk writes keys[d] and ancestors[d] before it reads them
    keys: new Array<string | number>(keysSize),
    // Stryker disable next-line ArrayDeclaration: the walk writes keys[d] and ancestors[d] before it reads them
    ancestors: [],
    budget: { left: issueLimit, exhausted: false },
  }
}

/**
 * A run for one `anyOf` alternative: its own issues and its own budget (what the value has
 * left), the same place and path.
 */
export function branchRun(run: IssueRun): IssueRun {
  return { ...run, issues: noIssues, budget: { left: run.budget.left, exhausted: false } }
}

/** Records `issue`, or marks the budget exhausted when there is none left. */
export function record(run: IssueRun, issue: RawIssue): void {
  const budget = run.budget
  if (budget.left === 0) {
    budget.exhausted = true
    return
  }
  budget.left--
  appendIssue(run, issue)
}

/** Adds `issue` whatever the budget is (the closing `too_many_issues`). */
export function appendIssue(run: IssueRun, issue: RawIssue): void {
  // The first issue makes an array of one: pushing onto an empty one would grow its store.
  if (run.issues === noIssues) run.issues = [issue]
  else run.issues.push(issue)
}

/** The issues a run found: a fresh array, never the shared empty one. */
export function issuesOf(run: IssueRun): RawIssue[] {
  return run.issues === noIssues ? [] : run.issues
}

/** `keys[index]`, which the walk has always set before it is read. */
function at(keys: readonly (string | number)[], index: number): string | number {
  // Stryker disable next-line StringLiteral: never reached (the `?? ''` is for the type)
  return keys[index] ?? ''
}

/** The path of the value at `depth`, with `key` after it when given. */
export function pathTo(run: IssueRun, depth: number, key?: string | number): IssuePath {
  const keys = run.keys
  // Literals for the shallow places, the common ones: allocated once, at their size. A
  // `depth === n` → false takes the general path, which makes the same path (its → true twin
  // makes wrong ones and fails the tests).
  if (key === undefined) {
    // Stryker disable ConditionalExpression: see above
    if (depth === 0) return []
    if (depth === 1) return [at(keys, 0)]
    if (depth === 2) return [at(keys, 0), at(keys, 1)]
    if (depth === 3) return [at(keys, 0), at(keys, 1), at(keys, 2)]
    // Stryker restore ConditionalExpression
    return keys.slice(0, depth)
  }
  // Stryker disable ConditionalExpression: see above
  if (depth === 0) return [key]
  if (depth === 1) return [at(keys, 0), key]
  // A member of an array's object element (`edits[3].path`): the common deep place.
  if (depth === 2) return [at(keys, 0), at(keys, 1), key]
  // Stryker restore ConditionalExpression
  const path = keys.slice(0, depth)
  path.push(key)
  return path
}

/**
 * Whether `value` is one of the containers that enclose it (the plain-data dialect keeps them in
 * `run.ancestors`); if so, the cycle is recorded, pointing at the ancestor.
 */
export function recordCycle(value: unknown, depth: number, run: IssueRun): boolean {
  for (let level = 0; level < depth; level++) {
    if (run.ancestors[level] === value) {
      record(run, { code: 'cycle', path: pathTo(run, depth), ancestorPath: pathTo(run, level) })
      return true
    }
  }
  return false
}
