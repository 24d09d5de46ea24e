import type { NodeDefinition } from '../node-definition.js'
import type {
  BuildContext,
  ChildWalk,
  ChildWalkRegistry,
  Collect,
  NodeCheck,
  PlacedObject,
  Test,
} from './node-check.js'

/**
 * A child's issue walk that first tries the fast test: a valid subtree then costs no more than
 * its test, so a long array with one bad element is walked once, plus that element. A throw
 * from the test just means "walk it".
 */
export function collectChildOf(child: ChildWalk): Collect {
  return (value, run) => {
    // Stryker disable next-line BlockStatement,ConditionalExpression: the walk alone finds the same issues, only slower ("→ true" skips the walk and fails the tests)
    try {
      // Stryker disable next-line ConditionalExpression: as above
      if (child.test(value, run.ancestors)) return
    } catch {
      // A hostile value: the walk below reports it.
    }
    child.collect(value, run)
  }
}

/**
 * A container's or union's child walk, of its closures' `test` and `collect`, kept in
 * `context`'s {@link ChildWalks} if it has one.
 */
export function childWalkOf(
  node: NodeDefinition,
  context: BuildContext,
  test: Test,
  collect: Collect,
): ChildWalk {
  const child: ChildWalk = { test, collect }
  context.childWalks?.add(node, context.depth, child)
  return child
}

/**
 * The child walks of one validator's container and union nodes, by node and depth, and its
 * object nodes' checks: what {@link ChildWalks.replace} may swap for the generated back end's
 * functions once they are compiled (the closures are built first: the generated issue walks
 * call into them).
 */
export class ChildWalks implements ChildWalkRegistry {
  readonly #slots: {
    readonly node: NodeDefinition
    readonly depth: number
    readonly child: ChildWalk
  }[] = []
  readonly #objects: PlacedObject[] = []

  /** Keeps `child`, the closures' walk of `node` at `depth`, to be replaced. */
  add(node: NodeDefinition, depth: number, child: ChildWalk): void {
    this.#slots.push({ node, depth, child })
  }

  /** Keeps an object node's check at `depth`, whose walk may be generated. */
  addObject(check: NodeCheck, depth: number): void {
    this.#objects.push({ check, depth })
  }

  /** The object nodes' checks, in the order they were built. */
  get objects(): readonly PlacedObject[] {
    return this.#objects
  }

  /** Puts the tests and walks the look-ups have for a node and depth in its child walks. */
  replace(
    testOf: (node: NodeDefinition, depth: number) => Test | undefined,
    walkOf: (node: NodeDefinition, depth: number) => Collect | undefined,
  ): void {
    for (const { node, depth, child } of this.#slots) {
      child.test = testOf(node, depth) ?? child.test
      child.collect = walkOf(node, depth) ?? child.collect
    }
  }
}
