import { describeThrown, isHarnessError } from '@toolpipe/core'
import type { ToolErrorInfo } from '@toolpipe/core'
import type { ToolExecutionResult } from '../tool-execution.js'

/** The result of a call that failed with `thrown`: its description for the model, its code for code. */
export function errorResult(thrown: unknown): ToolExecutionResult {
  const result = failureResult(describeThrown(thrown))
  const error = errorInfo(thrown)
  if (error !== undefined) result.error = error
  return result
}

/** The error result of a call that did not run or failed: `Error: <message>`. */
export function failureResult(message: string): ToolExecutionResult {
  return { content: [{ type: 'text', text: `Error: ${message}` }], isError: true }
}

function errorInfo(thrown: unknown): ToolErrorInfo | undefined {
  if (!isHarnessError(thrown)) return undefined
  try {
    const { name, code } = thrown
    if (typeof name === 'string' && typeof code === 'string') return { name, code }
  } catch {
    // A HarnessError look-alike with throwing getters: the text content still describes it.
  }
  return undefined
}
