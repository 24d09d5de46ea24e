import { mostListedValues } from '@toolpipe/core/internal'
import type { AnyOfNodeDefinition, TypedNodeDefinition } from '../node-definition.js'
import { branchRun, issuesOf, pathTo, record } from './issue-run.js'
import type { IssueRun } from './issue-run.js'
import type { RawIssue } from './raw-issue.js'
import type { BuildContext, Collect, NodeCheck, Test } from './node-check.js'
import { childWalkOf, collectChildOf } from './collect-child.js'

/**
 * An `anyOf` node: valid when one alternative at least accepts the value (in order, stopping
 * at the first that does). When none does, one `invalid_union` issue holds each alternative's
 * own issues; they count against the same issue budget as the rest.
 */
export function anyOfCheck(
  node: AnyOfNodeDefinition,
  alternatives: readonly NodeCheck[],
  context: BuildContext,
): NodeCheck {
  const test: Test = (value, stack) => {
    for (const alternative of alternatives) {
      // A throw (a getter this alternative reads) proves only that this one does not accept:
      // a later one may, without reading it, as the issue walk finds.
      try {
        if (alternative.test(value, stack)) return true
      } catch {
        continue
      }
    }
    return false
  }
  const collect = unionCollect(node, alternatives, context.depth)
  return {
    node,
    test,
    collect,
    collectChild: collectChildOf(childWalkOf(node, context, test, collect)),
    inline: 'call',
    // Stryker disable next-line ArrayDeclaration: read only for inline: 'enum'
    enumValues: [],
    objectShape: undefined,
    // Stryker disable next-line BooleanLiteral: read only of an array's object items (object-elements-test.ts), never of a union
    storesSelf: false,
  }
}

/**
 * How many alternatives of a union keep their issues: as many as its message quotes (SPEC §22).
 * The rest are walked only to see whether one accepts the value.
 */
const keptAlternatives = mostListedValues

/**
 * The issue walk of a union: each alternative walked on a budget of its own; none accepting,
 * one `invalid_union` issue holding the issues of the first 20, charged to the value's budget
 * (so a union of a thousand members costs what one of twenty does, and its message counts them
 * all from its node).
 */
function unionCollect(
  node: AnyOfNodeDefinition,
  alternatives: readonly NodeCheck[],
  depth: number,
): Collect {
  return (value, run) => {
    const found: RawIssue[][] = []
    let wanted: TypedNodeDefinition[] | undefined = []
    /** How many alternatives in a row, from the first, were walked to their end. */
    let complete = 0
    let spent = 0
    let exhausted = false
    for (const alternative of alternatives) {
      // Each alternative on a budget of its own: one that runs out of it has only failed, and a
      // later one may still accept the value (as the fast test finds).
      const branch = branchRun(run)
      alternative.collectChild(value, branch)
      // An alternative with nothing to say accepts the value.
      if (branch.issues.length === 0 && !branch.budget.exhausted) return
      wanted = refusedTypeOnly(wanted, branch.issues, depth)
      if (found.length === keptAlternatives) continue
      found.push(issuesOf(branch))
      if (!exhausted && !branch.budget.exhausted) complete++
      spent += run.budget.left - branch.budget.left
      exhausted ||= branch.budget.exhausted
    }
    // None accepts: what they found is charged to the value's budget, as one walk would be.
    const left = run.budget.left
    if (exhausted || spent >= left) {
      // More than the budget holds: the union is still what is wrong here, listed with the
      // first alternatives whose issues fit beside it whole (so "the first 100 are listed"
      // holds, and both dialects list the same ones: an alternative cut short would hold the
      // issues its dialect's walk met first), and the walk stops; with none, it is not worded.
      const kept = fitting(found.slice(0, complete), left - 1)
      if (kept.length > 0) record(run, unionIssue(node, run, depth, value, kept, wanted))
      run.budget.left = 0
      run.budget.exhausted = true
      return
    }
    run.budget.left = left - spent
    record(run, unionIssue(node, run, depth, value, found, wanted))
  }
}

function unionIssue(
  node: AnyOfNodeDefinition,
  run: IssueRun,
  depth: number,
  value: unknown,
  alternatives: RawIssue[][],
  wanted: readonly TypedNodeDefinition[] | undefined,
): RawIssue {
  return { code: 'invalid_union', path: pathTo(run, depth), node, value, alternatives, wanted }
}

/**
 * `wanted` with the node an alternative's `issues` wanted when all they say is that the value at
 * the union's place (`depth`) has the wrong type (one node per type and nullability: what a
 * message names); `undefined` once an alternative says anything else.
 */
function refusedTypeOnly(
  wanted: TypedNodeDefinition[] | undefined,
  issues: readonly RawIssue[],
  depth: number,
): TypedNodeDefinition[] | undefined {
  if (wanted === undefined) return undefined
  const only = issues.length === 1 ? issues[0] : undefined
  if (only?.code !== 'invalid_type' || only.path.length !== depth) return undefined
  const { type, nullable } = only.node
  if (!wanted.some((known) => known.type === type && known.nullable === nullable)) {
    wanted.push(only.node)
  }
  return wanted
}

/** The first alternatives whose issues, whole, fit in `room` together. */
function fitting(found: readonly RawIssue[][], room: number): RawIssue[][] {
  const kept: RawIssue[][] = []
  let left = room
  for (const issues of found) {
    if (issues.length > left) break
    kept.push(issues)
    left -= issues.length
  }
  return kept
}
