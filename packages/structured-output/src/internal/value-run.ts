import type { StructuredIssue } from '../structured-issue.js'

/** The state of one validation: issues so far, and the path and containers down to the current place. */
export interface ValueRun {
  readonly issues: StructuredIssue[]
  /** `keys[0..depth-1]` lead from the root to the value being checked at `depth`. */
  readonly keys: (string | number)[]
  /** `ancestors[d]` is the container at depth `d` on the current path, for cycle detection. */
  readonly ancestors: unknown[]
  /**
   * Whether `Object.prototype` has enumerable keys (it has been polluted): `for…in` then lists
   * inherited keys too, and each member must be checked to be an own property.
   */
  readonly pollutedObjectPrototype: boolean
}

/** Starts a validation. */
export function startRun(): ValueRun {
  return {
    issues: [],
    keys: [],
    ancestors: [],
    pollutedObjectPrototype: Object.keys(Object.prototype).length > 0,
  }
}
