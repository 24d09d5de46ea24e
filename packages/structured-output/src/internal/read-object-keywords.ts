import { describeThrown, describeType, isPlainArray, quoteString } from '@toolpipe/core/internal'
import type { Keywords, Violation } from './read-keywords.js'
import { lengthOf } from './read-keywords.js'

/**
 * The `required` names. Each must be a distinct string naming an own key of `properties`
 * (`propertyNames`; `undefined` when `properties` itself is malformed).
 */
export function readRequired(
  keywords: Keywords,
  propertyNames: ReadonlySet<string> | undefined,
  violation: Violation,
): ReadonlySet<string> {
  const required = new Set<string>()
  if (!keywords.has('required')) return required
  const source = keywords.get('required')
  if (!isPlainArray(source)) {
    violation(`"required" must be an array of property names, got ${describeType(source)}`)
    return required
  }
  const length = lengthOf(source, 'required', violation) ?? 0
  for (let index = 0; index < length; index++) {
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
      violation(`"required"[${index}] must be a string, got ${describeType(name)}`)
    } else if (required.has(name)) {
      violation(`"required" lists ${quoteString(name)} more than once`)
    } else {
      required.add(name)
      // When "properties" itself is broken, that violation already says enough.
      if (propertyNames !== undefined && !propertyNames.has(name)) {
        violation(`"required" names ${quoteString(name)}, which is not a key of "properties"`)
      }
    }
  }
  return required
}

/** Whether the object is closed (`additionalProperties: false`). */
export function readAdditionalProperties(keywords: Keywords, violation: Violation): boolean {
  if (!keywords.has('additionalProperties')) return false
  const value = keywords.get('additionalProperties')
  if (typeof value !== 'boolean') {
    violation(`"additionalProperties" must be a boolean, got ${describeType(value)}`)
    // Stryker disable next-line BooleanLiteral: the violation refuses the node, closed or not
    return false
  }
  return !value
}
