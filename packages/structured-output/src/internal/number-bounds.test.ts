import { describe, expect, it } from 'vitest'
import { boundConflicts } from './number-bounds.js'
import type { NumberBounds } from './number-bounds.js'

function bounds(given: Partial<NumberBounds>): NumberBounds {
  return {
    minimum: undefined,
    maximum: undefined,
    exclusiveMinimum: undefined,
    exclusiveMaximum: undefined,
    ...given,
  }
}

describe('boundConflicts', () => {
  it('finds none where some number fits, or where a side is open', () => {
    expect(boundConflicts(bounds({}))).toEqual([])
    expect(boundConflicts(bounds({ minimum: 1, maximum: 1 }))).toEqual([])
    expect(boundConflicts(bounds({ minimum: 1, exclusiveMaximum: 1.5 }))).toEqual([])
    expect(boundConflicts(bounds({ minimum: 5 }))).toEqual([])
  })

  it('finds a lower bound above an upper one', () => {
    expect(boundConflicts(bounds({ minimum: 2, maximum: 1 }))).toEqual([
      { low: 'minimum', lowValue: 2, high: 'maximum', highValue: 1 },
    ])
  })

  it('finds equal bounds when either is exclusive', () => {
    expect(boundConflicts(bounds({ exclusiveMinimum: 1, maximum: 1 }))).toEqual([
      { low: 'exclusiveMinimum', lowValue: 1, high: 'maximum', highValue: 1 },
    ])
    expect(boundConflicts(bounds({ minimum: 1, exclusiveMaximum: 1 }))).toEqual([
      { low: 'minimum', lowValue: 1, high: 'exclusiveMaximum', highValue: 1 },
    ])
  })

  it('lists every conflicting pair, lower bounds first', () => {
    expect(
      boundConflicts(
        bounds({ minimum: 5, exclusiveMinimum: 5, maximum: 5, exclusiveMaximum: 4 }),
      ).map(({ low, high }) => `${low}/${high}`),
    ).toEqual([
      'minimum/exclusiveMaximum',
      'exclusiveMinimum/maximum',
      'exclusiveMinimum/exclusiveMaximum',
    ])
  })
})
