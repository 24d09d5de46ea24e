import { describeThrown } from '@toolpipe/core/internal'
import { ToolPipelineError } from '../tool-pipeline-error.js'
import { describeValue, isAbortSignal } from './checks.js'

/** The default of `maxConcurrency` (SPEC §12.4). */
const defaultLimit = 8

/** A batch as `executeBatch` read it: its inputs, each element read once, and its options. */
export interface BatchSettings {
  readonly problem?: undefined
  readonly inputs: readonly unknown[]
  readonly signal: AbortSignal | undefined
  readonly limit: number
  /** Options that cannot be used: then no call runs, and each ends with this error. */
  readonly invalidOptions: ToolPipelineError | undefined
}

/** What {@link readBatch} found. */
export type BatchReading = BatchSettings | { readonly problem: ToolPipelineError }

/**
 * Reads `executeBatch`'s arguments once each: the inputs must be an array (its elements are read
 * once, into a copy), the options `undefined` or `{ signal?, maxConcurrency? }` with an
 * `AbortSignal` and a positive integer. Never throws.
 */
export function readBatch(inputs: unknown, options: unknown): BatchReading {
  let copy: unknown[]
  try {
    if (!Array.isArray(inputs)) {
      return {
        problem: invalid(`executeBatch takes an array of inputs, got ${describeValue(inputs)}`),
      }
    }
    copy = Array.from({ length: inputs.length }, (_, index) => inputs[index] as unknown)
  } catch (error) {
    return { problem: invalid(`the batch's inputs could not be read: ${describeThrown(error)}`) }
  }
  let signal: unknown
  let limit: unknown
  const mistakes: string[] = []
  try {
    if (options !== undefined) {
      if (typeof options !== 'object' || options === null) {
        mistakes.push(`options must be an object, got ${describeValue(options)}`)
      } else {
        ;({ signal, maxConcurrency: limit } = options as Record<string, unknown>)
      }
    }
  } catch (error) {
    mistakes.push(`options could not be read: ${describeThrown(error)}`)
  }
  if (signal !== undefined && !isAbortSignal(signal)) {
    mistakes.push(`signal must be an AbortSignal, got ${describeValue(signal)}`)
  }
  if (limit !== undefined && !(Number.isSafeInteger(limit) && (limit as number) >= 1)) {
    mistakes.push(`maxConcurrency must be a positive integer, got ${describeValue(limit)}`)
  }
  return {
    inputs: copy,
    signal: mistakes.length === 0 ? (signal as AbortSignal | undefined) : undefined,
    limit: typeof limit === 'number' && mistakes.length === 0 ? limit : defaultLimit,
    invalidOptions:
      mistakes.length === 0 ? undefined : invalid(`invalid batch options: ${mistakes.join('; ')}`),
  }
}

function invalid(message: string): ToolPipelineError {
  return new ToolPipelineError(message, 'INVALID_INPUT')
}
