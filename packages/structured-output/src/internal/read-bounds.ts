import { describeType, describeValue } from '@toolpipe/core/internal'
import { boundConflicts } from './number-bounds.js'
import type { NumberBounds } from './number-bounds.js'
import type { Keywords, Violation } from './read-keywords.js'

/**
 * Reads the number bounds. Each must be a finite number. Bounds that no number satisfies are
 * refused (see `boundConflicts`).
 */
export function readNumberBounds(keywords: Keywords, violation: Violation): NumberBounds {
  const bounds: NumberBounds = {
    minimum: readFinite(keywords, 'minimum', violation),
    maximum: readFinite(keywords, 'maximum', violation),
    exclusiveMinimum: readFinite(keywords, 'exclusiveMinimum', violation),
    exclusiveMaximum: readFinite(keywords, 'exclusiveMaximum', violation),
  }
  for (const { low, lowValue, high, highValue } of boundConflicts(bounds)) {
    violation(
      `"${low}" ${describeValue(lowValue)} and "${high}" ${describeValue(highValue)} leave no number that could match`,
    )
  }
  return bounds
}

function readFinite(keywords: Keywords, keyword: string, violation: Violation): number | undefined {
  if (!keywords.has(keyword)) return undefined
  const value = keywords.get(keyword)
  // Stryker disable next-line ConditionalExpression: for the type; Number.isFinite refuses non-numbers too ("→ false" refuses every bound)
  if (typeof value === 'number' && Number.isFinite(value)) return value
  violation(`"${keyword}" must be a finite number, got ${describeType(value)}`)
  return undefined
}

/** A lower and an upper count: `minLength`/`maxLength` or `minItems`/`maxItems`. */
export interface CountBounds {
  readonly min: number | undefined
  readonly max: number | undefined
}

/**
 * Reads a pair of counts (`minLength`/`maxLength`, `minItems`/`maxItems`): each a non-negative
 * integer (`2.0` is `2`, as in JSON). A minimum above the maximum is refused, as for numbers.
 */
export function readCounts(
  keywords: Keywords,
  minKeyword: 'minLength' | 'minItems',
  maxKeyword: 'maxLength' | 'maxItems',
  violation: Violation,
): CountBounds {
  const min = readCount(keywords, minKeyword, violation)
  const max = readCount(keywords, maxKeyword, violation)
  // Stryker disable next-line ConditionalExpression,LogicalOperator: for the types: a comparison with undefined is false anyway
  if (min !== undefined && max !== undefined && min > max) {
    violation(`"${minKeyword}" ${min} is greater than "${maxKeyword}" ${max}: nothing could match`)
  }
  return { min, max }
}

function readCount(keywords: Keywords, keyword: string, violation: Violation): number | undefined {
  if (!keywords.has(keyword)) return undefined
  const value = keywords.get(keyword)
  // Stryker disable next-line ConditionalExpression: for the type; Number.isInteger refuses non-numbers too ("→ false" refuses every count)
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value
  const got = typeof value === 'number' ? describeValue(value) : describeType(value)
  violation(`"${keyword}" must be a non-negative integer, got ${got}`)
  return undefined
}
