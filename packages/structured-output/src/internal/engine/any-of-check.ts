import type { AnyOfNodeDefinition } from '../node-definition.js'
import { branchRun, pathTo, record } from './issue-run.js'
import type { RawIssue } from './raw-issue.js'
import type { BuildContext, Collect, NodeCheck, Test } from './node-check.js'
import { collectChildOf } from './collect-child.js'

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
  const collect: Collect = (value, run) => {
    const found: RawIssue[][] = []
    for (const alternative of alternatives) {
      const branch = branchRun(run)
      alternative.collectChild(value, branch)
      // Going on once the budget is spent records nothing more: every record is refused.
      // Stryker disable next-line ConditionalExpression: see above ("→ true" stops at the first alternative and fails the tests)
      if (run.budget.exhausted) return
      // An alternative with nothing to say accepts the value.
      if (branch.issues.length === 0) return
      found.push(branch.issues)
    }
    record(run, {
      code: 'invalid_union',
      path: pathTo(run, context.depth),
      node,
      value,
      alternatives: found,
    })
  }
  return {
    node,
    test,
    collect,
    collectChild: collectChildOf(test, collect),
    inline: 'call',
    // Stryker disable next-line ArrayDeclaration: read only for inline: 'enum'
    enumValues: [],
    objectShape: undefined,
    // Stryker disable next-line BooleanLiteral: read only of an array's object items (object-elements-test.ts), never of a union
    storesSelf: false,
  }
}
