import type { Collect, Test } from './node-check.js'

/**
 * A child's issue walk that first tries the fast test: a valid subtree then costs no more than
 * its test, so a long array with one bad element is walked once, plus that element. A throw
 * from the test just means "walk it".
 */
export function collectChildOf(test: Test, collect: Collect): Collect {
  return (value, run) => {
    // Stryker disable next-line BlockStatement,ConditionalExpression: the walk alone finds the same issues, only slower ("→ true" skips the walk and fails the tests)
    try {
      // Stryker disable next-line ConditionalExpression: as above
      if (test(value, run.ancestors)) return
    } catch {
      // A hostile value: the walk below reports it.
    }
    collect(value, run)
  }
}
