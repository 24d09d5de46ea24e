import type { NodeDefinition } from '../node-definition.js'
import type { BuildContext, Collect, Test } from './node-check.js'

/**
 * The test the issue walk tries on a child before walking it: the closures' own test of the
 * child's node, until the generated back end puts its function for the same node in its place
 * (see {@link ChildTests}). Both give the same answers; the generated one is several times
 * faster, and the walk of a long array with one bad element runs it on every other element.
 */
export interface ChildTest {
  test: Test
}

/**
 * A child's issue walk that first tries the fast test: a valid subtree then costs no more than
 * its test, so a long array with one bad element is walked once, plus that element. A throw
 * from the test just means "walk it".
 */
export function collectChildOf(child: ChildTest, collect: Collect): Collect {
  return (value, run) => {
    // Stryker disable next-line BlockStatement,ConditionalExpression: the walk alone finds the same issues, only slower ("→ true" skips the walk and fails the tests)
    try {
      // Stryker disable next-line ConditionalExpression: as above
      if (child.test(value, run.ancestors)) return
    } catch {
      // A hostile value: the walk below reports it.
    }
    collect(value, run)
  }
}

/** `test` as a container's or union's child test, kept in `context`'s {@link ChildTests} if it has one. */
export function childTestOf(node: NodeDefinition, context: BuildContext, test: Test): ChildTest {
  return context.childTests?.add(node, context.depth, test) ?? { test }
}

/**
 * The child tests of one validator's container and union nodes, by node and depth: what
 * {@link ChildTests.replace} may swap for the generated back end's functions once they are
 * compiled (the closures are built first: the generated issue walk calls into them).
 */
export class ChildTests {
  readonly #slots: {
    readonly node: NodeDefinition
    readonly depth: number
    readonly child: ChildTest
  }[] = []

  /** A child test holding `test`, the closures' test of `node` at `depth`, kept to be replaced. */
  add(node: NodeDefinition, depth: number, test: Test): ChildTest {
    const child: ChildTest = { test }
    this.#slots.push({ node, depth, child })
    return child
  }

  /** Puts `lookUp(node, depth)` in each child test it has a function for. */
  replace(lookUp: (node: NodeDefinition, depth: number) => Test | undefined): void {
    for (const { node, depth, child } of this.#slots) {
      const test = lookUp(node, depth)
      if (test !== undefined) child.test = test
    }
  }
}
