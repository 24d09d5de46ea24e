import type { StructuredScalar, StructuredSchemaType } from '../structured-schema.js'
import { jsonDataProblem } from './json-data-problem.js'
import { describeThrown, isPlainArray } from '@toolpipe/core'
import { describeValue } from './describe-value.js'

/** Records one violation of the node being read (the caller prefixes the node's path). */
export type Violation = (text: string) => void

/** Where a keyword may appear: on object nodes, array nodes, or scalar nodes. */
export type Placement = 'object' | 'array' | 'scalar'

/** The seven type names, in the order messages list them. */
export const typeNames: readonly StructuredSchemaType[] = [
  'object',
  'array',
  'string',
  'number',
  'integer',
  'boolean',
  'null',
]

/** Reads the node's own enumerable keywords once; refuses unsupported ones unread. */
export function readKeywords(
  source: Record<string, unknown>,
  violation: Violation,
): Map<string, unknown> | undefined {
  let keys: string[]
  try {
    keys = Object.keys(source)
  } catch (error) {
    violation(`its keywords could not be listed: ${describeThrown(error)}`)
    return undefined
  }
  const keywords = new Map<string, unknown>()
  for (const key of keys) {
    if (!isSupportedKeyword(key)) {
      violation(`unsupported keyword ${JSON.stringify(key)}`)
      continue
    }
    let value: unknown
    try {
      value = source[key]
    } catch (error) {
      violation(`"${key}" could not be read: ${describeThrown(error)}`)
      continue
    }
    // A keyword present as undefined is absent, as it is once JSON.stringify sends the schema.
    if (value !== undefined) keywords.set(key, value)
  }
  return keywords
}

function isSupportedKeyword(key: string): boolean {
  switch (key) {
    case 'type':
    case 'properties':
    case 'required':
    case 'additionalProperties':
    case 'items':
    case 'enum':
    case 'const':
    case 'description':
    case 'title':
    case 'default':
    case 'examples':
      return true
    default:
      return false
  }
}

/** The node's `type`, or `undefined` (with a violation) when it is missing or malformed. */
export function readType(
  keywords: ReadonlyMap<string, unknown>,
  violation: Violation,
): StructuredSchemaType | undefined {
  if (!keywords.has('type')) {
    violation(`"type" is missing (one of ${typeNames.join(', ')})`)
    return undefined
  }
  const type = keywords.get('type')
  if (isPlainArray(type)) {
    violation('"type" must be a single type name; arrays of types are not supported')
  } else if (typeof type !== 'string') {
    violation(`"type" must be a string, got ${describeValue(type)}`)
  } else if (!(typeNames as readonly string[]).includes(type)) {
    violation(`"type" ${JSON.stringify(type)} is unknown; use one of ${typeNames.join(', ')}`)
  } else {
    return type as StructuredSchemaType
  }
  return undefined
}

/** Which keywords a node of `type` may carry: object ones, array ones, or scalar ones. */
export function placementOf(type: StructuredSchemaType): Placement {
  return type === 'object' || type === 'array' ? type : 'scalar'
}

/**
 * The `required` names. Each must be a distinct string naming an own key of `properties`
 * (`propertyNames`; `undefined` when `properties` itself is malformed).
 */
export function readRequired(
  keywords: ReadonlyMap<string, unknown>,
  propertyNames: ReadonlySet<string> | undefined,
  violation: Violation,
): ReadonlySet<string> {
  const required = new Set<string>()
  if (!keywords.has('required')) return required
  const source = keywords.get('required')
  if (!isPlainArray(source)) {
    violation(`"required" must be an array of property names, got ${describeValue(source)}`)
    return required
  }
  for (let index = 0; index < source.length; index++) {
    let name: unknown
    try {
      if (!(index in source)) {
        violation(`"required"[${index}] is a hole in a sparse array`)
        break
      }
      name = source[index]
    } catch (error) {
      violation(`"required"[${index}] could not be read: ${describeThrown(error)}`)
      break
    }
    if (typeof name !== 'string') {
      violation(`"required"[${index}] must be a string, got ${describeValue(name)}`)
    } else if (required.has(name)) {
      violation(`"required" lists ${JSON.stringify(name)} more than once`)
    } else {
      required.add(name)
      // When "properties" itself is broken, that violation already says enough.
      if (propertyNames !== undefined && !propertyNames.has(name)) {
        violation(`"required" names ${JSON.stringify(name)}, which is not a key of "properties"`)
      }
    }
  }
  return required
}

/** Whether the object is closed (`additionalProperties: false`). */
export function readAdditionalProperties(
  keywords: ReadonlyMap<string, unknown>,
  violation: Violation,
): boolean {
  if (!keywords.has('additionalProperties')) return false
  const value = keywords.get('additionalProperties')
  if (typeof value !== 'boolean') {
    violation(`"additionalProperties" must be a boolean, got ${describeValue(value)}`)
    return false
  }
  return !value
}

/** The `enum` members that are scalars of the node's type, or `undefined` without `enum`. */
export function readEnum(
  keywords: ReadonlyMap<string, unknown>,
  type: StructuredSchemaType | undefined,
  violation: Violation,
): StructuredScalar[] | undefined {
  if (!keywords.has('enum')) return undefined
  const source = keywords.get('enum')
  if (!isPlainArray(source)) {
    violation(`"enum" must be an array of scalars, got ${describeValue(source)}`)
    return undefined
  }
  if (source.length === 0) {
    violation('"enum" must not be empty')
    return undefined
  }
  const members: StructuredScalar[] = []
  for (let index = 0; index < source.length; index++) {
    const keyword = `"enum"[${index}]`
    let member: unknown
    try {
      if (!(index in source)) {
        violation(`${keyword} is a hole in a sparse array`)
        break
      }
      member = source[index]
    } catch (error) {
      violation(`${keyword} could not be read: ${describeThrown(error)}`)
      break
    }
    const problem = scalarProblem(member, type)
    if (problem === undefined) members.push(member as StructuredScalar)
    else violation(`${keyword} ${problem}`)
  }
  return members
}

/** The `const` value; `null` (with a violation) when it does not fit the node. */
export function readConst(
  value: unknown,
  type: StructuredSchemaType | undefined,
  violation: Violation,
): StructuredScalar {
  const problem = scalarProblem(value, type)
  if (problem === undefined) return value as StructuredScalar
  violation(`"const" ${problem}`)
  return null
}

/** Why `value` cannot be an `enum` member or `const` of a node of `type`, if it cannot. */
function scalarProblem(value: unknown, type: StructuredSchemaType | undefined): string | undefined {
  const received = describeValue(value)
  if (typeof value === 'number' && !Number.isFinite(value)) {
    return `must be a finite number, got ${received}`
  }
  if (
    value !== null &&
    typeof value !== 'string' &&
    typeof value !== 'number' &&
    typeof value !== 'boolean'
  ) {
    return `must be a scalar (string, number, boolean or null), got ${received}`
  }
  if (type === undefined || placementOf(type) !== 'scalar' || matchesScalarType(value, type)) {
    return undefined
  }
  const got = typeof value === 'number' && type === 'integer' ? String(value) : received
  return `must match the node's "type": "${type}", got ${got}`
}

function matchesScalarType(value: StructuredScalar, type: StructuredSchemaType): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string'
    case 'number':
      return typeof value === 'number'
    case 'integer':
      return Number.isInteger(value)
    case 'boolean':
      return typeof value === 'boolean'
    default:
      return value === null
  }
}

/** Checks the annotations: `description` and `title` strings, `default` and `examples` JSON data. */
export function readAnnotations(
  keywords: ReadonlyMap<string, unknown>,
  violation: Violation,
): void {
  for (const keyword of ['description', 'title']) {
    if (keywords.has(keyword) && typeof keywords.get(keyword) !== 'string') {
      violation(`"${keyword}" must be a string, got ${describeValue(keywords.get(keyword))}`)
    }
  }
  if (keywords.has('default')) jsonProblem('default', keywords.get('default'), violation)
  if (keywords.has('examples')) {
    const examples = keywords.get('examples')
    if (isPlainArray(examples)) jsonProblem('examples', examples, violation)
    else violation(`"examples" must be an array of JSON values, got ${describeValue(examples)}`)
  }
}

function jsonProblem(keyword: string, value: unknown, violation: Violation): void {
  const problem = jsonDataProblem(value)
  if (problem !== undefined) violation(`"${keyword}" must be JSON data: ${problem}`)
}
