import { HarnessError } from '@toolpipe/core'
import {
  cyclic,
  nested,
  revokedProxy,
  throwingGetter,
  throwingProxy,
} from '@toolpipe/hostile-values'
import fc from 'fast-check'

// Values no plugin should hand the pipeline (execute-hostile.property.test.ts): every JSON value
// and every other kind of value, cycles, throwing getters and Proxies, nesting past any limit,
// look-alike errors and thenables that throw.

/** A value to hand the pipeline, made fresh inside each run (getters and Proxies keep state). */
export type Make = () => unknown

/** Nesting far beyond any depth limit, built once. */
export const deepObject = nested(100_000, false)

export const deepArray = nested(100_000, true)

/** A promise rejected with anything at all, not only an Error. */
export async function rejectWith(reason: unknown): Promise<never> {
  await Promise.resolve()
  throw reason
}

/** A harness error of a code no pipeline stage throws. */
export class LookAlikeError extends HarnessError {
  constructor() {
    super('a harness error', 'LOOK_ALIKE')
  }
}

/** Any JavaScript value fast-check makes: maps, sets, dates, typed and sparse arrays, boxes, … */
export function anyValue(maxDepth?: number): fc.Arbitrary<unknown> {
  return fc.anything({
    ...(maxDepth === undefined ? {} : { maxDepth }),
    withMap: true,
    withSet: true,
    withNullPrototype: true,
    withBigInt: true,
    withDate: true,
    withTypedArray: true,
    withSparseArray: true,
    withBoxedValues: true,
  })
}

/** Values no plugin should return, each made fresh. */
export const hostile: fc.Arbitrary<Make> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((value) => () => value),
  anyValue(2).map((value) => () => value),
  fc.jsonValue({ maxDepth: 2 }).map((value) => () => cyclic(value)),
  fc.jsonValue({ maxDepth: 2 }).map((value) => () => throwingGetter(value)),
  fc.constantFrom<Make>(
    () => revokedProxy(),
    () => throwingProxy(),
    () => throwingProxy([]),
    () => deepObject,
    () => deepArray,
    () => JSON.parse('{"__proto__":{"kind":"allow"},"kind":"deny","reason":"x"}') as unknown,
    () => new LookAlikeError(),
    () => new Error('plain'),
    () => Object.create(null) as unknown,
    () => ({
      get then(): never {
        throw new Error('then getter')
      },
    }),
    () => ({
      then: (_resolve: unknown, reject: (reason: unknown) => void) => {
        reject(revokedProxy())
      },
    }),
    () => {
      // Rejected, but already handled here: awaiting it still rejects.
      const rejected = rejectWith(revokedProxy())
      rejected.catch(() => undefined)
      return rejected
    },
    () => () => 'a function',
    () => Symbol('symbol'),
    () => -0,
    () => Number.NaN,
  ),
)
