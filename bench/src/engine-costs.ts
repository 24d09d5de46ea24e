import { validateStructuredValue } from '@toolpipe/structured-output'
import type { StructuredOutputSchema, StructuredSubschema } from '@toolpipe/structured-output'
import { createValidator, readSchema } from '@toolpipe/structured-output/internal'
import { Ajv2020 } from 'ajv/dist/2020.js'
import {
  mediumContenders,
  mediumContendersOf,
  smallContenders,
  smallContendersOf,
} from './contenders.js'
import { mediumUniformPool, smallUniformPool } from './uniform-pools.js'
import { cycle, mediumPool, mediumSchema, smallPool, smallSchema } from './value-pools.js'
import type { ValuePool } from './value-pools.js'
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

/** How a uniform value is checked by hand, three ways, to tell where the engine's time goes. */
interface ByHand {
  /** One load site per member, its name written in the code: what Ajv generates. */
  readonly named: (value: unknown) => boolean
  /** One keyed load site for every member, `value[key]` in a loop: any engine without `eval`. */
  readonly keyed: (value: unknown) => boolean
  /** Only the walk over the value's own keys (`for…in`), no checks: the engine's key loop. */
  readonly walk: (value: unknown) => number
}

/**
 * Where the time of the fast test goes on valid values that all have one shape (what a strict
 * model writes), beside a freshly compiled Ajv whose generated code has seen only that shape.
 */
function uniformValidCosts(
  label: string,
  schema: StructuredOutputSchema,
  values: readonly unknown[],
  ajv: (value: unknown) => boolean,
  byHand: ByHand,
): Comparison {
  const node = readSchema(schema, 'object').node
  if (node === undefined) throw new Error(`${label}: the schema is refused`)
  const validator = createValidator(node, 'json')
  for (const value of values) {
    if (!ajv(value) || !validator.isValid(value) || !byHand.named(value) || !byHand.keyed(value)) {
      throw new Error(`${label}: a contender refuses ${JSON.stringify(value)}`)
    }
  }
  const cases = [
    { name: 'ajv', run: (value: unknown) => ajv(value) },
    {
      name: 'validateStructuredValue (all of it)',
      run: (value: unknown) => validateStructuredValue(schema, value),
    },
    { name: 'fast test alone', run: (value: unknown) => validator.isValid(value) },
    { name: 'by hand: named loads (as Ajv)', run: byHand.named },
    { name: 'by hand: one keyed load site', run: byHand.keyed },
    { name: 'by hand: for…in over the keys only', run: byHand.walk },
  ]
  return {
    title: `where the time goes: ${label} uniform, valid`,
    baseline: 'ajv',
    cases: cases.map(({ name, run }) => {
      const next = cycle(values)
      return { name, run: () => run(next()) }
    }),
  }
}

type Loose = Record<string, unknown>

const smallMembers = [
  ['path', 'string'],
  ['offset', 'number'],
  ['limit', 'number'],
  ['encoding', 'string'],
] as const

const smallByHand: ByHand = {
  named: (value) => {
    const args = value as Loose
    return (
      typeof args.path === 'string' &&
      (args.offset === undefined || typeof args.offset === 'number') &&
      (args.limit === undefined || typeof args.limit === 'number') &&
      (args.encoding === undefined || args.encoding === 'utf8' || args.encoding === 'base64')
    )
  },
  keyed: (value) => {
    const args = value as Loose
    for (const [key, type] of smallMembers) {
      const member = args[key]
      if (member === undefined ? key === 'path' : typeof member !== type) return false
    }
    return args.encoding === 'utf8' || args.encoding === 'base64'
  },
  walk: (value) => {
    let count = 0
    for (const key in value as Loose) if (key !== '') count++
    return count
  },
}

const editMembers = [
  ['path', 'string'],
  ['old_text', 'string'],
  ['new_text', 'string'],
  ['replace_all', 'boolean'],
] as const

const mediumByHand: ByHand = {
  named: (value) => {
    const edits = (value as Loose).edits as Loose[]
    for (const edit of edits) {
      if (
        typeof edit.path !== 'string' ||
        typeof edit.old_text !== 'string' ||
        typeof edit.new_text !== 'string' ||
        (edit.replace_all !== undefined && typeof edit.replace_all !== 'boolean')
      ) {
        return false
      }
    }
    return true
  },
  keyed: (value) => {
    const edits = (value as Loose).edits as Loose[]
    for (const edit of edits) {
      for (const [key, type] of editMembers) {
        const member = edit[key]
        if (member === undefined ? key !== 'replace_all' : typeof member !== type) return false
      }
    }
    return true
  },
  walk: (value) => {
    const edits = (value as Loose).edits as Loose[]
    let count = 0
    for (const edit of edits) {
      for (const key in edit) if (key !== '') count++
    }
    return count
  },
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
    uniformValidCosts(
      'SMALL',
      smallSchema,
      smallUniformPool.valid,
      smallContendersOf().ajv,
      smallByHand,
    ),
    uniformValidCosts(
      'MEDIUM',
      mediumSchema,
      mediumUniformPool.valid,
      mediumContendersOf().ajv,
      mediumByHand,
    ),
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
