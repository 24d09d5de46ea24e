import { Ajv2020 } from 'ajv/dist/2020.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { schemaForAjv, valueForAjv } from './__fixtures__/ajv-names.js'
import { families, familiesOf, specArbitrary } from './__fixtures__/spec-arbitraries.js'
import { asJson, valuesFor } from './__fixtures__/spec-values.js'
import type { Family } from './__fixtures__/spec-arbitraries.js'
import { checkArgs } from './check-args.js'
import { schemaSpecToJsonSchema } from './schema-spec-to-json-schema.js'
import { propertyParameters, propertyRuns } from '../../../property-runs.shared.js'

/**
 * SPEC §3 MUST, for every keyword of §9.2: for every spec and every JSON value (`-0` aside),
 * `checkArgs` finds no issue exactly when Ajv's draft 2020-12 validator accepts the value for
 * `schemaSpecToJsonSchema(spec)`.
 *
 * Ajv runs in strict mode (so the generated schemas are also proven strict-clean) with
 * `strictNumbers: true` (no NaN/Infinity) and `ownProperties: true`: by default Ajv reads
 * members through the prototype chain, so `{}` would "have" a `constructor` member, which JSON
 * Schema does not say; the key pool includes such names on purpose. `allowUnionTypes` lets
 * strict mode take `type: [T, "null"]`, the one type array the DSL writes. Member names are
 * drawn with `""` and `__proto__` among them; Ajv is shown `__proto__` under a stand-in name, as
 * it skips a `properties` entry of that name (ajv-names.ts).
 */

function createAjv(): Ajv2020 {
  return new Ajv2020({
    strict: true,
    strictNumbers: true,
    ownProperties: true,
    allowUnionTypes: true,
    // Without it Ajv 8.20 skips a required "" (ajv-names.ts).
    allErrors: true,
    code: { optimize: false },
  })
}

interface Tally {
  pairs: number
  accepted: number
  readonly seen: Set<string>
}

/** Runs the differential on `runs` specs from `specs`; throws on the first disagreement. */
function agree(family: Family | undefined, runs: number): Tally {
  const ajv = createAjv()
  const tally: Tally = { pairs: 0, accepted: 0, seen: new Set() }
  fc.assert(
    fc.property(
      specArbitrary(family).chain((spec) => fc.tuple(fc.constant(spec), valuesFor(spec))),
      ([spec, values]) => {
        const validate = ajv.compile(schemaForAjv(schemaSpecToJsonSchema(spec)) as object)
        for (const found of familiesOf(spec)) tally.seen.add(found)
        for (const raw of values) {
          const value = asJson(raw)
          const ajvAccepts = validate(valueForAjv(value))
          const issues = checkArgs(spec, value)
          tally.pairs++
          if (ajvAccepts) tally.accepted++
          if ((issues.length === 0) !== ajvAccepts) {
            const verdicts = `Ajv ${ajvAccepts ? 'accepts' : 'refuses'}, checkArgs found ${JSON.stringify(issues)}`
            throw new Error(
              `disagreement on ${JSON.stringify(value)} for ${JSON.stringify(spec)}: ${verdicts}`,
            )
          }
        }
        ajv.removeSchema()
      },
    ),
    propertyParameters(runs),
  )
  return tally
}

describe('checkArgs agrees with Ajv (draft 2020-12)', () => {
  it('on generated specs of every keyword and values: arbitrary JSON, valid values and near-misses', () => {
    const tally = agree(undefined, 250)
    expect(tally.pairs).toBeGreaterThanOrEqual(propertyRuns(2_000))
    // Both verdicts are common, so the agreement is not a vacuous one.
    expect(tally.accepted / tally.pairs).toBeGreaterThan(0.2)
    expect(tally.accepted / tally.pairs).toBeLessThan(0.8)
    expect([...tally.seen].sort()).toEqual(
      [...families, 'enum', 'default', 'required'].sort((a, b) => a.localeCompare(b)),
    )
  })

  it.each(families)('with %s in every spec: at least 1,000 pairs, 0 disagreements', (family) => {
    const tally = agree(family, 120)
    expect(tally.pairs).toBeGreaterThanOrEqual(propertyRuns(1_000))
    expect(tally.seen.has(family)).toBe(true)
    expect(tally.accepted / tally.pairs).toBeGreaterThan(0.1)
    expect(tally.accepted / tally.pairs).toBeLessThan(0.9)
  })
})
