import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { answers, codeRefused, editFiles, writtenSpecArbitrary } from '../__fixtures__/fused.js'
import { specArbitrary } from '../__fixtures__/spec-arbitraries.js'
import { asJson, valuesFor } from '../__fixtures__/spec-values.js'
import type { SchemaSpec } from '../schema-spec.js'
import { propertyParameters, propertyRuns } from '../../../../property-runs.shared.js'

// The fused walk (fused-walk.ts) against the general failure path (the engine's issue walk and
// the wording), issue for issue: where the fused walk answers, it answers what the general path
// does, in the same order, with the same messages; `checkArgs` gives that answer either way.

interface Tally {
  refused: number
  answered: number
  written: number
}

function agree(specs: fc.Arbitrary<SchemaSpec>, runs: number, mutationRuns?: number): Tally {
  const tally: Tally = { refused: 0, answered: 0, written: 0 }
  fc.assert(
    fc.property(
      specs.chain((spec) => fc.tuple(fc.constant(spec), valuesFor(spec))),
      ([spec, values]) => {
        for (const value of values.map(asJson)) {
          const { general, fused, checked, written } = answers(spec, value)
          expect(checked).toStrictEqual(general)
          if (written) tally.written++
          if (general.length === 0) continue
          tally.refused++
          if (fused === undefined) continue
          tally.answered++
          expect(fused).toStrictEqual(general)
        }
      },
    ),
    propertyParameters(runs, mutationRuns),
  )
  return tally
}

/** Any JavaScript value fast-check makes, two levels deep. */
const anything = fc.anything({
  maxDepth: 2,
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withTypedArray: true,
  withSparseArray: true,
})

/** Values no arbitrary above makes. */
const odd = fc.constantFrom<unknown>(() => 1, Symbol('s'), 1n, new Date(0), new String('a'))

const anyEdit = fc.record(
  { path: anything, old_text: anything, count: anything, mode: anything },
  { requiredKeys: [] },
)

/** Arguments of that spec's shape, each place anything. */
const editFilesArgs = fc.record(
  {
    edits: fc.oneof(fc.array(fc.oneof(anyEdit, anything)), anything),
    options: fc.oneof(fc.record({ dry: anything }), anything),
    tags: fc.oneof(fc.array(anything), anything),
  },
  { requiredKeys: [] },
)

describe('the fused walk says what the general path says', () => {
  it('on specs of the shapes it is written for: arbitrary JSON, valid values, near-misses', () => {
    // A mutation run's fixed draw (member names "" and "__proto__" among them) needs 50 specs
    // for its 100 refused values.
    const tally = agree(writtenSpecArbitrary, 400, 50)
    expect(tally.refused).toBeGreaterThanOrEqual(propertyRuns(1_000))
    if (codeRefused) {
      // Under a CSP no walk is written: the general path answers every time.
      expect(tally.written).toBe(0)
      expect(tally.answered).toBe(0)
    } else {
      // Not vacuous: most refused values are answered by the fused walk.
      expect(tally.answered / tally.refused).toBeGreaterThan(0.6)
    }
  })

  it('on specs of every keyword, beside specs of its shapes (those with a walk agree)', () => {
    const tally = agree(fc.oneof(specArbitrary(undefined), writtenSpecArbitrary), 200)
    expect(tally.refused).toBeGreaterThanOrEqual(propertyRuns(500))
    if (codeRefused) expect(tally.written).toBe(0)
    else expect(tally.answered).toBeGreaterThan(0)
  })

  it('on any JavaScript value fast-check can make, in every place of an edit_files-like spec', () => {
    const tally = { refused: 0, answered: 0 }
    fc.assert(
      fc.property(editFilesArgs, odd, (value, other) => {
        const placed = [
          { ...value, options: other },
          { ...value, edits: [other] },
        ]
        for (const each of [value, ...placed, { ...value, edits: [{ path: other }] }]) {
          const { general, fused, checked } = answers(editFiles, each)
          expect(checked).toStrictEqual(general)
          if (general.length === 0) continue
          tally.refused++
          if (fused === undefined) continue
          tally.answered++
          expect(fused).toStrictEqual(general)
        }
      }),
      propertyParameters(500),
    )
    expect(tally.refused).toBeGreaterThanOrEqual(propertyRuns(1_500))
    if (codeRefused) expect(tally.answered).toBe(0)
    else expect(tally.answered).toBeGreaterThan(tally.refused / 10)
  })
})
