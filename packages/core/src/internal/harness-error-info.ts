import { isHarnessError } from '../harness-error.js'
import type { ToolErrorInfo } from '../tool-error-info.js'

/**
 * The `name` and `code` of a thrown `HarnessError` (of any installed copy of core), for an error
 * result; `undefined` for anything else, and for a look-alike whose members are not strings or
 * whose getters throw. Never throws.
 */
export function harnessErrorInfo(thrown: unknown): ToolErrorInfo | undefined {
  if (!isHarnessError(thrown)) return undefined
  try {
    const { name, code } = thrown
    if (typeof name === 'string' && typeof code === 'string') return { name, code }
  } catch {
    // A look-alike with throwing getters: the caller codes it by where it came from instead.
  }
  return undefined
}
