import type { NodeDefinition } from '../node-definition.js'
import { ByNodeAndDepth } from './code-writer.js'
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
  const walked = new ByNodeAndDepth<string>()
  for (const { check: object, depth } of dialect === 'args' ? objects : []) {
    if (walked.get(object.node, depth) !== undefined || !hasObjectWalk(object)) continue
    walked.set(object.node, depth, objectWalk(writer, object, depth))
  }
  const { functions, testOf } = writer.compile([name, ...walked.values()])
  const [test, ...walkFunctions] = functions as [Test, ...Collect[]]
  const walks = walked.withValues(walkFunctions)
  const walkOf = (of: NodeDefinition, depth: number) => walks.get(of, depth)
  const collect = check !== undefined && hasObjectWalk(check) ? walkOf(check.node, 0) : undefined
  return { test, collect, testOf, walkOf }
}
