import { describeValue } from '@toolpipe/core/internal'
import { OutputBudgetError } from '../output-budget-error.js'
import type { TokenCounter } from '../token-counter.js'

/** The budget of a result when neither the plugin nor the tool names one (SPEC §20). */
export const defaultMaxTokens = 25_000

/** What `outputBudget()` was given, read once and checked. */
export interface BudgetSettings {
  readonly maxTokens: number
  /** `undefined`: the `o200k_base` counter, loaded at the first result that needs counting. */
  readonly countTokens: TokenCounter | undefined
  readonly headTokens: number | undefined
  readonly tailTokens: number | undefined
  /** `false`: no spill files; `dir` undefined: a private folder under the OS temporary folder. */
  readonly spill: { readonly dir: string | undefined } | false
}

/**
 * Reads the options of `outputBudget()`, each member once.
 *
 * @throws OutputBudgetError (`INVALID_OPTIONS`) naming the first option that cannot be used
 */
export function readOptions(options: unknown): BudgetSettings {
  if (options === undefined) {
    return {
      maxTokens: defaultMaxTokens,
      countTokens: undefined,
      headTokens: undefined,
      tailTokens: undefined,
      spill: { dir: undefined },
    }
  }
  const members = readObject(options, 'options', [
    'maxTokens',
    'countTokens',
    'preview',
    'spill',
  ] as const)
  const maxTokens = readCount(members.maxTokens, 'options.maxTokens', 1) ?? defaultMaxTokens
  const countTokens = members.countTokens
  if (countTokens !== undefined && typeof countTokens !== 'function') {
    throw invalid('options.countTokens', 'a function (text: string) => number', countTokens)
  }
  let headTokens: number | undefined
  let tailTokens: number | undefined
  if (members.preview !== undefined) {
    const preview = readObject(members.preview, 'options.preview', [
      'headTokens',
      'tailTokens',
    ] as const)
    headTokens = readCount(preview.headTokens, 'options.preview.headTokens', 0)
    tailTokens = readCount(preview.tailTokens, 'options.preview.tailTokens', 0)
  }
  return {
    maxTokens,
    countTokens: countTokens as TokenCounter | undefined,
    headTokens,
    tailTokens,
    spill: readSpill(members.spill),
  }
}

function readSpill(spill: unknown): BudgetSettings['spill'] {
  if (spill === undefined) return { dir: undefined }
  if (spill === false) return false
  if (typeof spill !== 'object' || spill === null || Array.isArray(spill)) {
    throw invalid('options.spill', 'false or { dir: string }', spill)
  }
  const { dir } = readObject(spill, 'options.spill', ['dir'] as const)
  if (typeof dir !== 'string' || dir === '' || dir.includes('\0')) {
    throw invalid('options.spill.dir', 'a non-empty folder path without NUL characters', dir)
  }
  return { dir }
}

/** A whole number of tokens, at least `least`, or `undefined` when absent. */
function readCount(value: unknown, path: string, least: number): number | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < least) {
    throw invalid(path, `a whole number of tokens ≥ ${least}`, value)
  }
  return value
}

/** Each named member of an options object, read once; a throwing getter is the caller's error. */
function readObject<TKey extends string>(
  value: unknown,
  path: string,
  keys: readonly TKey[],
): Record<TKey, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid(path, 'an object', value)
  }
  const members = {} as Record<TKey, unknown>
  for (const key of keys) {
    try {
      members[key] = (value as Record<string, unknown>)[key]
    } catch (error) {
      throw new OutputBudgetError(`outputBudget: ${path}.${key} could not be read`, {
        cause: error,
      })
    }
  }
  return members
}

function invalid(path: string, expected: string, got: unknown): OutputBudgetError {
  return new OutputBudgetError(
    `outputBudget: ${path} must be ${expected}, got ${describeValue(got)}`,
  )
}
