import * as v from 'valibot'
import type { Contenders } from './contenders.js'
import { cycle } from './value-pools.js'
import type { ValuePool } from './value-pools.js'
import type { BenchCase, Comparison } from './harness.js'

/** A toolpipe entry point under test: it runs on one value, and says whether it was valid. */
export interface ToolpipeCase {
  readonly name: string
  readonly run: (value: unknown) => unknown
  readonly accepts: (value: unknown) => boolean
}

/** Whether each peer accepts `value`, by its own verdict. */
function verdicts(contenders: Contenders, value: unknown): [string, boolean][] {
  return [
    ['ajv', contenders.ajv(value)],
    ['typebox', contenders.typebox.Check(value)],
    ['zod', contenders.zod.safeParse(value).success],
    ['valibot', v.safeParse(contenders.valibot, value).success],
    ['hand-written', contenders.hand(value).length === 0],
  ]
}

/** Fails loudly when any contender misjudges a fixture value: a fast wrong answer is no answer. */
function expectAgreement(
  label: string,
  pool: ValuePool,
  contenders: Contenders,
  toolpipe: readonly ToolpipeCase[],
): void {
  for (const [expected, values] of [
    [true, pool.valid],
    [false, pool.invalid],
  ] as const) {
    for (const [index, value] of values.entries()) {
      const all: [string, boolean][] = [
        ...toolpipe.map((entry): [string, boolean] => [entry.name, entry.accepts(value)]),
        ...verdicts(contenders, value),
      ]
      for (const [name, accepted] of all) {
        if (accepted !== expected) {
          throw new Error(
            `${label}: ${name} ${accepted ? 'accepts' : 'refuses'} ${expected ? 'valid' : 'invalid'} value #${index}`,
          )
        }
      }
    }
  }
}

/** One contender, cycling through `values` on its own, one value per iteration. */
function cycled(name: string, values: readonly unknown[], run: (value: unknown) => unknown) {
  const next = cycle(values)
  return { name, run: () => run(next()) } satisfies BenchCase
}

/**
 * Two comparisons for one fixture, valid values and invalid ones, every contender in the same
 * run with Ajv as the baseline. Each contender returns what its users would look at: nothing or
 * the issues (toolpipe), `errors` (Ajv), `Check` then `Errors` (TypeBox), the `safeParse` result
 * (zod, valibot).
 */
export function validatorComparisons(
  label: string,
  pool: ValuePool,
  contenders: Contenders,
  toolpipe: readonly ToolpipeCase[],
): Comparison[] {
  expectAgreement(label, pool, contenders, toolpipe)
  const { ajv, typebox, zod, valibot, hand } = contenders
  return (
    [
      ['valid', pool.valid],
      ['invalid', pool.invalid],
    ] as const
  ).map(([kind, values]) => ({
    title: `${label}, ${kind} (${values.length} distinct values from JSON.parse, cycled)`,
    baseline: 'ajv',
    cases: [
      ...toolpipe.map((entry) => cycled(entry.name, values, entry.run)),
      cycled('ajv', values, (value) => (ajv(value) ? undefined : ajv.errors)),
      cycled('typebox (compiled)', values, (value) =>
        typebox.Check(value) ? undefined : typebox.Errors(value),
      ),
      cycled('zod', values, (value) => zod.safeParse(value)),
      cycled('valibot', values, (value) => v.safeParse(valibot, value)),
      cycled('hand-written', values, hand),
    ],
  }))
}
