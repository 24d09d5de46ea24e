import { validateStructuredValue } from '@toolpipe/structured-output'
import type { StructuredOutputSchema, StructuredSubschema } from '@toolpipe/structured-output'
import { createValidator, readSchema } from '@toolpipe/structured-output/internal'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { mediumContenders, smallContenders } from './contenders.js'
import { cycle, mediumPool, mediumSchema, smallPool, smallSchema } from './fixtures.js'
import type { ValuePool } from './fixtures.js'
import type { Comparison, Suite } from './harness.js'

/**
 * Where the time of `validateStructuredValue` goes on invalid input: the fast test that fails,
 * the issue walk (raw issues), and the wording of the messages, each timed alone beside Ajv.
 */
function failurePathCosts(
  label: string,
  schema: StructuredOutputSchema,
  pool: ValuePool,
  ajv: (value: unknown) => boolean,
): Comparison {
  const node = readSchema(schema, 'object').node
  if (node === undefined) throw new Error(`${label}: the schema is refused`)
  const validator = createValidator(node, 'json')
  const cases = [
    {
      name: 'ajv',
      run: (value: unknown) => (ajv(value) ? undefined : (ajv as { errors?: unknown }).errors),
    },
    {
      name: 'validateStructuredValue (all of it)',
      run: (value: unknown) => validateStructuredValue(schema, value),
    },
    { name: 'fast test alone (fails)', run: (value: unknown) => validator.isValid(value) },
    { name: 'issue walk alone (raw issues)', run: (value: unknown) => validator.collect(value) },
  ]
  return {
    title: `where the time goes: ${label}, invalid`,
    baseline: 'ajv',
    cases: cases.map(({ name, run }) => {
      const next = cycle(pool.invalid)
      return { name, run: () => run(next()) }
    }),
  }
}

/** One member `v` of the given node: the cost of one keyword, beside Ajv's. */
function keywordCost(
  label: string,
  node: StructuredSubschema,
  values: readonly unknown[],
): Comparison {
  const schema: StructuredOutputSchema = {
    type: 'object',
    properties: { v: node },
    required: ['v'],
  }
  const ajv = new Ajv2020({ allErrors: true, strictNumbers: true, strict: false }).compile(schema)
  const pool = values.map((value) => JSON.parse(JSON.stringify({ v: value })) as unknown)
  for (const value of pool) {
    if ((validateStructuredValue(schema, value).length === 0) !== ajv(value)) {
      throw new Error(`${label}: toolpipe and Ajv disagree on ${JSON.stringify(value)}`)
    }
  }
  const toolpipe = cycle(pool)
  const reference = cycle(pool)
  return {
    title: `one keyword: ${label}`,
    baseline: 'ajv',
    cases: [
      { name: 'ajv', run: () => (ajv(reference()) ? undefined : ajv.errors) },
      { name: 'validateStructuredValue', run: () => validateStructuredValue(schema, toolpipe()) },
    ],
  }
}

/**
 * `pnpm bench engine-costs`: where the engine spends its time, per path and per keyword. A suite
 * of its own, run apart from `schema` and `structured-output`: its many small schemas run through
 * the same engine functions, which changes how V8 optimizes them for the suites run after it.
 */
export const engineCostsSuite: Suite = {
  name: 'engine-costs',
  comparisons: () => engineCostComparisons(),
}

function engineCostComparisons(): Comparison[] {
  return [
    failurePathCosts('SMALL', smallSchema, smallPool, smallContenders.ajv),
    failurePathCosts('MEDIUM', mediumSchema, mediumPool, mediumContenders.ajv),
    keywordCost('type string', { type: 'string' }, ['a', 'bb', 'ccc', 'dddd']),
    keywordCost('maxLength 8 (code points)', { type: 'string', maxLength: 8 }, [
      'a',
      '😀😀',
      'abcdefgh',
      'é',
    ]),
    keywordCost('pattern ^[a-z]+$', { type: 'string', pattern: '^[a-z]+$' }, [
      'a',
      'bb',
      'ccc',
      'dddd',
    ]),
    keywordCost('minimum/maximum', { type: 'number', minimum: 0, maximum: 100 }, [0, 1.5, 50, 100]),
    keywordCost('nullable integer', { type: ['integer', 'null'] }, [1, null, 3, null]),
    keywordCost('enum of numbers', { type: 'integer', enum: [1, 2, 3, 5, 8] }, [1, 2, 5, 8]),
    keywordCost('anyOf string | integer', { anyOf: [{ type: 'string' }, { type: 'integer' }] }, [
      'a',
      1,
      'b',
      2,
    ]),
    keywordCost(
      'array minItems/maxItems',
      { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 4 },
      [['a'], ['a', 'b'], ['a', 'b', 'c'], ['d']],
    ),
  ]
}
