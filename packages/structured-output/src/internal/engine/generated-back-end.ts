import type { NodeDefinition } from '../node-definition.js'
import { hasObjectWalk, objectWalk } from './generated-collect.js'
import { TestWriter } from './generated-test.js'
import type { Collect, Dialect, NodeCheck, PlacedObject, Test } from './node-check.js'

// The generated back end of one schema, written and compiled at once: its fast test
// (generated-test.ts, with a test per container and union node for the issue walk to try on a
// child) and, in the arguments dialect, the issue walk of each object node (generated-collect.ts).

/** What {@link generateBackEnd} gives. */
export interface GeneratedBackEnd {
  readonly test: Test
  /** The root object's issue walk, when one was written. */
  readonly collect: Collect | undefined
  /** The generated test of each container and union node, by depth (for the walk's child tests). */
  readonly testOf: (node: NodeDefinition, depth: number) => Test | undefined
  /** The generated issue walk of each object node that has one, by depth. */
  readonly walkOf: (node: NodeDefinition, depth: number) => Collect | undefined
}

/**
 * The generated test of a whole schema and, in the arguments dialect, the issue walk of each of
 * its `objects` (their closures' checks, by depth) that can have one (generated-collect.ts); one
 * `new Function`. `check` is the root's: its walk is `collect` when it is one of them.
 */
export function generateBackEnd(
  node: NodeDefinition,
  dialect: Dialect,
  check: NodeCheck | undefined,
  objects: readonly PlacedObject[] = [],
): GeneratedBackEnd {
  const writer = new TestWriter(dialect)
  const name = writer.name()
  writer.add(`function ${name}(value, stack) { return ${writer.check(node, 'value', 0)} }`)
  // One walk per node and depth: a node under several keys has a check for each, all alike.
  const walked = new Map<NodeDefinition, Map<number, string>>()
  const walks: { readonly node: NodeDefinition; readonly depth: number; readonly name: string }[] =
    []
  if (dialect === 'args') {
    for (const placed of objects) {
      const byDepth = walked.get(placed.check.node) ?? new Map<number, string>()
      walked.set(placed.check.node, byDepth)
      if (byDepth.has(placed.depth) || !hasObjectWalk(placed.check)) continue
      const walk = objectWalk(writer, placed.check, placed.depth)
      byDepth.set(placed.depth, walk)
      walks.push({ node: placed.check.node, depth: placed.depth, name: walk })
    }
  }
  const { functions, testOf } = writer.compile([name, ...walks.map((walk) => walk.name)])
  const [test, ...walkFunctions] = functions as [Test, ...Collect[]]
  const byNode = new Map<NodeDefinition, Map<number, Collect>>()
  for (const [index, { node: walkedNode, depth }] of walks.entries()) {
    const byDepth = byNode.get(walkedNode) ?? new Map<number, Collect>()
    // Stryker disable next-line ConditionalExpression: the code returns one function per name
    if (walkFunctions[index] !== undefined) byDepth.set(depth, walkFunctions[index])
    byNode.set(walkedNode, byDepth)
  }
  const walkOf = (of: NodeDefinition, depth: number) => byNode.get(of)?.get(depth)
  const collect = check !== undefined && hasObjectWalk(check) ? walkOf(check.node, 0) : undefined
  return { test, collect, testOf, walkOf }
}
