import type { TypedNodeDefinition } from '../node-definition.js'
import type { BuildContext, NodeCheck, ObjectShape, PropertyCheck } from './node-check.js'

/** From this many members on, a key finds its member through a Map rather than a scan. */
const mapThreshold = 9

/** Builds the shape of an object node, compiling each member with `compileChild`. */
export function objectShape(
  node: TypedNodeDefinition,
  context: BuildContext,
  compileChild: (
    child: TypedNodeDefinition['properties'][number]['node'],
    context: BuildContext,
  ) => NodeCheck,
): ObjectShape {
  const childContext: BuildContext = { ...context, depth: context.depth + 1 }
  // Stryker disable next-line ArrayDeclaration: an entry that is no member is never matched by key, nor required
  const properties: PropertyCheck[] = []
  let requiredMask = 0
  let requiredCount = 0
  for (const [index, property] of node.properties.entries()) {
    const check = compileChild(property.node, childContext)
    const bit = property.required && requiredCount < 31 ? 1 << requiredCount : 0
    if (property.required) requiredCount++
    requiredMask |= bit
    properties.push({
      key: property.key,
      index,
      required: property.required,
      bit,
      wide: property.required && bit === 0 ? 1 : 0,
      inline: check.inline,
      enumValues: check.enumValues,
      test: check.test,
      check,
    })
  }
  return {
    properties,
    byKey:
      // Stryker disable next-line ConditionalExpression,EqualityOperator: a Map and the scan find the same member
      properties.length >= mapThreshold
        ? new Map(properties.map((property) => [property.key, property]))
        : undefined,
    requiredMask,
    wideRequired: Math.max(0, requiredCount - 31),
    closed: node.closed,
    flat:
      // Stryker disable next-line ConditionalExpression: flat only picks the faster loop; the general one answers the same ("→ true" fails the tests)
      !node.closed &&
      properties.every(
        // Stryker disable next-line ArrowFunction: as above (no shape is then flat)
        (property) =>
          property.inline === 'string' ||
          property.inline === 'number' ||
          property.inline === 'boolean',
      ),
  }
}

/**
 * The member named `key`, or `undefined` for a key the node does not declare. `hint` is where
 * the member is expected when keys come in schema order (models mostly write them so): the
 * scan starts there and wraps around, and a long list is looked up by name instead.
 */
export function findProperty(
  shape: ObjectShape,
  key: string,
  hint: number,
): PropertyCheck | undefined {
  if (shape.byKey !== undefined) return shape.byKey.get(key)
  const properties = shape.properties
  const count = properties.length
  for (let step = 0, index = hint; step < count; step++, index++) {
    if (index === count) index = 0
    const property = properties[index]
    if (property?.key === key) return property
  }
  return undefined
}

/**
 * Whether a key a closed object does not declare is a member after all: own, and not
 * `undefined`. Its own function, so that the hot loops keep no keyed read that only invalid
 * objects reach: V8 deoptimizes optimized code the first time it reaches a read it never saw.
 */
export function isUnknownMember(record: Record<string, unknown>, key: string): boolean {
  return record[key] !== undefined && Object.prototype.hasOwnProperty.call(record, key)
}
