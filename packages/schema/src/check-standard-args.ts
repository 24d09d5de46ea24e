import type { StandardSchemaV1 } from '@standard-schema/spec'
import { describeThrown } from '@toolpipe/core/internal'
import { standardValidator } from './internal/standard/read-standard.js'
import { readStandardResult } from './internal/standard/standard-result.js'
import type { StandardArgsResult } from './internal/standard/standard-result.js'
import { StandardSchemaError } from './standard-schema-error.js'

export type { StandardArgsResult }

/**
 * Validates a model's arguments with a Standard Schema's own `~standard.validate` (SPEC §10) and
 * says what it found in toolpipe's terms: `{ value }`, the schema's output (transforms applied),
 * or `{ issues }`, one `invalid` {@link ArgIssue} per issue the library reported, its path
 * converted to keys and indexes (`{ key }` segments unwrapped), its `message` (and `reason`) the
 * library's words as given. A `ToolArgsError` made of them names each place in its own message
 * (`"edits[3].path": Invalid input: expected string, received number`). At most 100 issues are
 * kept, then one `too_many_issues`. Issues of toolpipe's own `standardSchema(spec)` are kept
 * whole, codes and all.
 *
 * Synchronous when the schema's `validate` is (zod, valibot and arktype are, unless a refinement
 * is async); a promise otherwise. `args` is handed to `validate` as it is: a library that
 * transforms in place (arktype's morphs) needs a copy it may change.
 *
 * @throws {StandardSchemaError} `NOT_STANDARD_SCHEMA` when `schema` is not Standard Schema v1;
 * `VALIDATE_FAILED` when its `validate` throws, or returns something that is not a Standard result
 * (the promise rejects with it for an async one)
 * @example
 * const result = checkStandardArgs(z.object({ path: z.string() }), { path: 42 })
 * // { issues: [{ code: 'invalid', path: ['path'], vendor: 'zod',
 * //   message: 'Invalid input: expected string, received number',
 * //   reason: 'Invalid input: expected string, received number' }] }
 */
export function checkStandardArgs<TSchema extends StandardSchemaV1>(
  schema: TSchema,
  args: unknown,
):
  | StandardArgsResult<StandardSchemaV1.InferOutput<TSchema>>
  | Promise<StandardArgsResult<StandardSchemaV1.InferOutput<TSchema>>> {
  const { vendor, validate } = standardValidator(schema)
  let result: unknown
  try {
    result = validate(args)
  } catch (error) {
    throw validateFailed(vendor, error)
  }
  const then = thenOf(result)
  if (then !== undefined) {
    // `then` read once, like everything else read from the schema's result.
    const settled = new Promise<unknown>((resolve, reject) => {
      Reflect.apply(then, result, [resolve, reject])
    })
    return settled.then(
      (settled) =>
        readStandardResult(vendor, settled) as StandardArgsResult<
          StandardSchemaV1.InferOutput<TSchema>
        >,
      (error: unknown) => {
        throw validateFailed(vendor, error)
      },
    )
  }
  return readStandardResult(vendor, result)
}

function validateFailed(vendor: string, error: unknown): StandardSchemaError {
  return new StandardSchemaError(
    `the ${vendor} schema's validate threw: ${describeThrown(error)}`,
    'VALIDATE_FAILED',
    { cause: error },
  )
}

/**
 * The `then` of a promise, or of what `await` would treat as one; `undefined` for anything else
 * (a `then` getter that throws included: the result is then read, and refused, as it is).
 */
function thenOf(value: unknown): ((...args: unknown[]) => unknown) | undefined {
  if ((typeof value !== 'object' || value === null) && typeof value !== 'function') return undefined
  try {
    const then: unknown = (value as { then?: unknown }).then
    return typeof then === 'function' ? (then as (...args: unknown[]) => unknown) : undefined
  } catch {
    return undefined
  }
}
