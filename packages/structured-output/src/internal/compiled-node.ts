import type { StructuredScalar, StructuredSchemaType } from '../structured-schema.js'

/**
 * A schema node as the validator runs it: read once from the caller's schema, every keyword
 * resolved into the form the check needs. Every node has the same shape, so the validator's
 * property reads stay monomorphic.
 */
export interface CompiledNode {
  readonly type: StructuredSchemaType
  /** `type` as a small integer, for a fast `switch` in the validator. */
  readonly typeCode: TypeCode
  /** `object`: the declared members, in the schema's key order. */
  readonly properties: readonly CompiledProperty[]
  /** `object`: the declared members by name. */
  readonly propertiesByKey: ReadonlyMap<string, CompiledProperty>
  /** `object`: bits of the required members among the first 31 (see {@link CompiledProperty.bit}). */
  readonly requiredMask: number
  /** `object`: how many required members lie beyond the first 31. */
  readonly wideRequiredCount: number
  /** `object`: `additionalProperties: false`. */
  readonly closed: boolean
  /** `array`: the node every element must match, when `items` is given. */
  readonly items: CompiledNode | undefined
  /** `enum`, in schema order; empty without one. */
  readonly enumValues: readonly StructuredScalar[]
  /** `enum` as a set, for long lists (SameValueZero is JSON equality on scalars). */
  readonly enumSet: ReadonlySet<StructuredScalar> | undefined
  readonly hasEnum: boolean
  readonly hasConst: boolean
  readonly constValue: StructuredScalar
}

export interface CompiledProperty {
  readonly key: string
  readonly node: CompiledNode
  readonly required: boolean
  /** Position in `properties`. */
  readonly index: number
  /** `1 << index` for the first 31 members, else 0 (those are counted instead). */
  readonly bit: number
  /** 1 for a required member beyond the first 31, else 0. */
  readonly wideRequired: 0 | 1
}

/** Type codes of {@link CompiledNode.typeCode}. */
export const objectCode = 0
export const arrayCode = 1
export const stringCode = 2
export const numberCode = 3
export const integerCode = 4
export const booleanCode = 5
export const nullCode = 6

export type TypeCode = 0 | 1 | 2 | 3 | 4 | 5 | 6

export function typeCodeOf(type: StructuredSchemaType): TypeCode {
  switch (type) {
    case 'object':
      return objectCode
    case 'array':
      return arrayCode
    case 'string':
      return stringCode
    case 'number':
      return numberCode
    case 'integer':
      return integerCode
    case 'boolean':
      return booleanCode
    default:
      return nullCode
  }
}

/** Up to this many `enum` members are compared one by one; longer lists use a set. */
const enumScanLimit = 8

/**
 * Builds a node from keywords already checked: `properties` holds only supported nodes, in
 * schema order.
 */
export function createCompiledNode(
  type: StructuredSchemaType,
  properties: ReadonlyMap<string, CompiledNode>,
  required: ReadonlySet<string>,
  closed: boolean,
  items: CompiledNode | undefined,
  enumValues: StructuredScalar[] | undefined,
  hasConst: boolean,
  constValue: StructuredScalar,
): CompiledNode {
  const compiledProperties: CompiledProperty[] = []
  let requiredMask = 0
  let wideRequiredCount = 0
  for (const [key, node] of properties) {
    const index = compiledProperties.length
    const bit = index < 31 ? 1 << index : 0
    const isRequired = required.has(key)
    if (isRequired && bit !== 0) requiredMask |= bit
    else if (isRequired) wideRequiredCount++
    compiledProperties.push({
      key,
      node,
      required: isRequired,
      index,
      bit,
      wideRequired: isRequired && bit === 0 ? 1 : 0,
    })
  }
  return {
    type,
    typeCode: typeCodeOf(type),
    properties: compiledProperties,
    propertiesByKey: new Map(compiledProperties.map((property) => [property.key, property])),
    requiredMask,
    wideRequiredCount,
    closed,
    items,
    // Not frozen: V8 reads frozen arrays through a slower path, and this one never leaves.
    enumValues: enumValues ?? [],
    enumSet:
      enumValues !== undefined && enumValues.length > enumScanLimit
        ? new Set(enumValues)
        : undefined,
    hasEnum: enumValues !== undefined,
    hasConst,
    constValue,
  }
}

/** `===` on scalars is JSON equality: `1` and `1.0` are one number, and so are `0` and `-0`. */
export function enumIncludes(node: CompiledNode, value: StructuredScalar): boolean {
  if (node.enumSet !== undefined) return node.enumSet.has(value)
  for (const member of node.enumValues) {
    if (member === value) return true
  }
  return false
}
