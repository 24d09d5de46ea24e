import type { NodeDefinition, TypedNodeDefinition } from '../node-definition.js'
import { anyOfCheck } from './any-of-check.js'
import { arrayCollect } from './array-collect.js'
import { arrayTest } from './array-test.js'
import { childWalkOf, collectChildOf } from './collect-child.js'
import type { BuildContext, NodeCheck } from './node-check.js'
import { objectCollect } from './object-collect.js'
import { objectShape } from './object-shape.js'
import { objectTest } from './object-test.js'
import { flatObjectTest } from './flat-object-test.js'
import { scalarCheck } from './scalar-check.js'

/**
 * Compiles a checked node into closures, once: the fast test and the issue walk of it and of
 * everything below it. No code is generated (no `eval`, no `new Function`): each closure is a
 * fixed function that captures its node's keywords.
 */
export function buildCheck(node: NodeDefinition, context: BuildContext): NodeCheck {
  if (node.kind === 'anyOf') {
    return anyOfCheck(
      node,
      node.anyOf.map((alternative) => buildCheck(alternative, context)),
      context,
    )
  }
  if (node.type !== 'object' && node.type !== 'array') return scalarCheck(node, context)
  const check = node.type === 'object' ? objectCheck(node, context) : arrayCheck(node, context)
  return node.nullable ? nullable(check) : check
}

/**
 * Whether values of `node` may be containers. A container remembers itself on the cycle stack
 * only when a container may sit below it: nothing else would ever look.
 */
export function mayBeContainer(node: NodeDefinition): boolean {
  if (node.kind === 'anyOf') return node.anyOf.some(mayBeContainer)
  return node.type === 'object' || node.type === 'array'
}

function objectCheck(node: TypedNodeDefinition, context: BuildContext): NodeCheck {
  const shape = objectShape(node, context, buildCheck)
  const storesSelf =
    context.dialect === 'json' && node.properties.some((property) => mayBeContainer(property.node))
  const general = objectTest(shape, context, storesSelf)
  const test = shape.flat ? flatObjectTest(shape, context, general) : general
  const collect = objectCollect(node, shape, context, storesSelf)
  const check: NodeCheck = {
    node,
    test,
    collect,
    collectChild: collectChildOf(childWalkOf(node, context, test, collect)),
    inline: 'call',
    // Stryker disable next-line ArrayDeclaration: read only for inline: 'enum'
    enumValues: [],
    // An array of these objects checks them in its own loop (see object-elements-test.ts).
    objectShape: shape,
    storesSelf,
  }
  context.childWalks?.addObject(check, context.depth)
  return check
}

function arrayCheck(node: TypedNodeDefinition, context: BuildContext): NodeCheck {
  const items =
    node.items === undefined
      ? undefined
      : buildCheck(node.items, { ...context, depth: context.depth + 1 })
  const storesSelf =
    context.dialect === 'json' && node.items !== undefined && mayBeContainer(node.items)
  const counts = { min: node.minItems ?? 0, max: node.maxItems ?? Number.POSITIVE_INFINITY }
  const test = arrayTest(items, counts, context, storesSelf)
  const collect = arrayCollect(node, items, counts, context, storesSelf)
  // No fast test before an array's walk: the walk tries each element's test anyway, so on the
  // failing path a test of the whole array would only go over its valid elements twice.
  return {
    node,
    test,
    collect,
    collectChild: collect,
    inline: 'call',
    // Stryker disable next-line ArrayDeclaration: read only for inline: 'enum'
    enumValues: [],
    objectShape: undefined,
    // Stryker disable next-line BooleanLiteral: read only of an array's object items (object-elements-test.ts); arrays remember themselves through their own flag
    storesSelf: false,
  }
}

/** `type: ['object', 'null']` or `['array', 'null']`: `null`, or the container. */
function nullable(check: NodeCheck): NodeCheck {
  const test: NodeCheck['test'] = (value, stack) => value === null || check.test(value, stack)
  const collect: NodeCheck['collect'] = (value, run) => {
    if (value !== null) check.collect(value, run)
  }
  // `objectShape` goes: an array's own loop would not let null through.
  return {
    ...check,
    test,
    collect,
    // Null is valid; anything else is the container's to test (its child test) and walk.
    collectChild: (value, run) => {
      if (value !== null) check.collectChild(value, run)
    },
    objectShape: undefined,
  }
}
