import type { StandardSchemaV1 } from '@standard-schema/spec'
import { expect } from 'vitest'
import type { StandardArgsResult } from '../check-standard-args.js'
import { StandardSchemaError } from '../standard-schema-error.js'

/** `result`, which must have been returned synchronously. */
export function settled<TOutput>(
  result: StandardArgsResult<TOutput> | Promise<StandardArgsResult<TOutput>>,
): StandardArgsResult<TOutput> {
  if (result instanceof Promise) throw new Error('expected a synchronous result')
  return result
}

/** The StandardSchemaError `run` throws. */
export function thrown(run: () => unknown): StandardSchemaError {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(StandardSchemaError)
    return error as StandardSchemaError
  }
  throw new Error('expected a StandardSchemaError')
}

/** What {@link throwing} throws. */
export const trap = new Error('trap')

/** A getter or method that throws {@link trap}. */
export const throwing = (): never => {
  throw trap
}

/** A Standard Schema whose `validate` is `validate`: the hostile cases. */
export function fake(validate: (value: unknown) => unknown, vendor = 'acme'): StandardSchemaV1 {
  return { '~standard': { version: 1, vendor, validate } } as StandardSchemaV1
}
