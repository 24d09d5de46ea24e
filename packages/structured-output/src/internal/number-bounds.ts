/** `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, each a finite number when set. */
export interface NumberBounds {
  readonly minimum: number | undefined
  readonly maximum: number | undefined
  readonly exclusiveMinimum: number | undefined
  readonly exclusiveMaximum: number | undefined
}

/** A lower and an upper bound that no number satisfies together. */
export interface BoundConflict {
  readonly low: 'minimum' | 'exclusiveMinimum'
  readonly lowValue: number
  readonly high: 'maximum' | 'exclusiveMaximum'
  readonly highValue: number
}

/**
 * The pairs of bounds that no number satisfies, lower bounds first: a lower bound above an upper
 * one, or equal to it when either is exclusive. JSON Schema allows them, but a schema that no
 * value can match is a mistake, and a model shown one can only fail. The same rule for an output
 * schema and for a schema spec's props (`@toolpipe/schema`), each wording it its own way.
 */
export function boundConflicts(bounds: NumberBounds): BoundConflict[] {
  const conflicts: BoundConflict[] = []
  for (const low of ['minimum', 'exclusiveMinimum'] as const) {
    for (const high of ['maximum', 'exclusiveMaximum'] as const) {
      const lowValue = bounds[low]
      const highValue = bounds[high]
      // For the types: a comparison with undefined is false anyway ("→ true" skips every pair and fails the tests).
      // Stryker disable next-line ConditionalExpression,LogicalOperator: see above
      if (lowValue === undefined || highValue === undefined) continue
      const exclusive = low === 'exclusiveMinimum' || high === 'exclusiveMaximum'
      if (lowValue > highValue || (exclusive && lowValue === highValue)) {
        conflicts.push({ low, lowValue, high, highValue })
      }
    }
  }
  return conflicts
}
