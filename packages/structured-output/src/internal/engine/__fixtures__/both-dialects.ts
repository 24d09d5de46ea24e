import { expect } from 'vitest'
import type { Validator } from '../validator.js'
import { compile } from './compile.js'

/**
 * The issues of `value` as [code, path] pairs, after checking that the fast test agrees with the
 * issue walk: valid exactly when the walk finds nothing.
 */
export function issues(validator: Validator, value: unknown): [string, (string | number)[]][] {
  const found = validator.collect(value)
  expect(validator.isValid(value), 'the fast test disagrees with the issue walk').toBe(
    found.length === 0,
  )
  return found.map((issue) => [issue.code, [...issue.path]])
}

/** Both dialects' issues of `value`. */
export function inBoth(schema: unknown, value: unknown) {
  return {
    json: issues(compile(schema, 'json'), value),
    args: issues(compile(schema, 'args'), value),
  }
}

/** An object of two required numbers, `x` and `y`. */
export const point = {
  type: 'object',
  properties: { x: { type: 'number' }, y: { type: 'number' } },
  required: ['x', 'y'],
} as const
