import { expect } from 'vitest'
import { JsonSnapshotError } from '../json-snapshot-error.js'
import { snapshotJson } from '../snapshot-json.js'

/** Runs `snapshotJson` expecting a refusal, and returns the error. */
export function refusal(
  value: unknown,
  options?: Parameters<typeof snapshotJson>[1],
): JsonSnapshotError {
  try {
    snapshotJson(value, options)
  } catch (error) {
    expect(error).toBeInstanceOf(JsonSnapshotError)
    return error as JsonSnapshotError
  }
  throw new Error('expected snapshotJson to refuse the value')
}

/** An array nested `depth` levels deep (`[[[]]]` for 3). */
export function nest(depth: number): unknown[] {
  let value: unknown[] = []
  for (let level = 1; level < depth; level++) value = [value]
  return value
}
