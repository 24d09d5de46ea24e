import { describeValue, readOptionMember, readPluginOptions } from '@toolpipe/core/internal'
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
 * Reads the options of `outputBudget()` through the plugin options reader (STYLE habit 18), each
 * member once.
 *
 * @throws OutputBudgetError (`INVALID_OPTIONS`) naming the first option that cannot be used:
 * `outputBudget: <option> must be …, got …`
 */
export function readOptions(options: unknown): BudgetSettings {
  const { given } = readPluginOptions(
    'outputBudget',
    options,
    (message) => new OutputBudgetError(message),
  )
  const maxTokens = readCount(member(given, 'maxTokens'), 'maxTokens', 1) ?? defaultMaxTokens
  const countTokens = member(given, 'countTokens')
  if (countTokens !== undefined && typeof countTokens !== 'function') {
    throw invalid('countTokens', 'a function (text: string) => number', countTokens)
  }
  const preview = member(given, 'preview')
  let headTokens: number | undefined
  let tailTokens: number | undefined
  if (preview !== undefined) {
    if (!isObject(preview)) throw invalid('preview', 'an object', preview)
    headTokens = readCount(member(preview, 'headTokens', 'preview.'), 'preview.headTokens', 0)
    tailTokens = readCount(member(preview, 'tailTokens', 'preview.'), 'preview.tailTokens', 0)
  }
  return {
    maxTokens,
    countTokens: countTokens as TokenCounter | undefined,
    headTokens,
    tailTokens,
    spill: readSpill(member(given, 'spill')),
  }
}

function readSpill(spill: unknown): BudgetSettings['spill'] {
  if (spill === undefined) return { dir: undefined }
  if (spill === false) return false
  if (!isObject(spill)) throw invalid('spill', 'false or { dir: string }', spill)
  const dir = member(spill, 'dir', 'spill.')
  if (typeof dir !== 'string' || dir === '' || dir.includes('\0')) {
    throw invalid('spill.dir', 'a non-empty folder path without NUL characters', dir)
  }
  return { dir }
}

/** A whole number of tokens, at least `least`, or `undefined` when absent. */
function readCount(value: unknown, option: string, least: number): number | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < least) {
    throw invalid(option, `a whole number of tokens ≥ ${least}`, value)
  }
  return value
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** `container[name]`, read once; one that cannot be read is refused by its path, cause kept. */
function member(container: object, name: string, parent = ''): unknown {
  return readOptionMember(container, name, (message, cause) => {
    throw new OutputBudgetError(`outputBudget: ${parent}${name} ${message}`, { cause })
  })
}

function invalid(option: string, expected: string, got: unknown): OutputBudgetError {
  return new OutputBudgetError(
    `outputBudget: ${option} must be ${expected}, got ${describeValue(got)}`,
  )
}
