import { expect } from 'vitest'
import { readSchema } from '../internal/read-schema.js'
import { canGenerateCode } from '../internal/engine/generated-test.js'
import { createValidator, defaultBackEnd } from '../internal/engine/validator.js'
import type { Dialect } from '../internal/engine/node-check.js'
import type { Validator } from '../internal/engine/validator.js'

interface Pair {
  readonly generated: Validator
  readonly closures: Validator
}

/** Both back ends of one schema in each dialect, compiled once per schema object. */
const pairs = { json: new WeakMap<object, Pair>(), args: new WeakMap<object, Pair>() }

/**
 * Checks the engine's two back ends against each other on `value`: the fast test the code
 * generator wrote and the closures' fast test must give the same answer, and their issue walks
 * the same issues, in the same order. Where `new Function`
 * is refused (the CSP run, `vitest.csp.config.ts`) there is one back end, the closures, and
 * that is what is checked. Returns the answer.
 */
export function backEndsAgree(schema: object, value: unknown, dialect: Dialect = 'json'): boolean {
  if (!canGenerateCode()) {
    expect(defaultBackEnd()).toBe('closures')
    return createValidator(nodeOf(schema), dialect, 'closures').isValid(value)
  }
  let pair = pairs[dialect].get(schema)
  if (pair === undefined) {
    const node = nodeOf(schema)
    pair = {
      generated: createValidator(node, dialect, 'generated'),
      closures: createValidator(node, dialect, 'closures'),
    }
    pairs[dialect].set(schema, pair)
  }
  const answer = pair.closures.isValid(value)
  expect(pair.generated.isValid(value), 'the generated test disagrees with the closures').toBe(
    answer,
  )
  // The issue walks too: the arguments dialect's root object has one of its own.
  expect(
    pair.generated.collect(value),
    'the generated issue walk disagrees with the closures',
  ).toEqual(pair.closures.collect(value))
  return answer
}

function nodeOf(schema: object) {
  const node = readSchema(schema, 'object').node
  if (node === undefined) throw new Error('backEndsAgree: the schema is refused')
  return node
}
