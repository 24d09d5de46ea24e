import { isHarnessError } from '@toolpipe/core'
import { describeThrown } from '@toolpipe/core/internal'
import type { ToolErrorInfo } from '@toolpipe/core'
import { ListenerError } from '@toolpipe/tools'
import type { ToolErrorResult } from '@toolpipe/tools'

/**
 * The error result the pipeline makes of a failure inside `tools/execute` (SPEC §6.3, "Error
 * results"), made here so that it can be journaled as the call's outcome: a `HarnessError`
 * keeps its own name and code; anything else is a wrapper's failure, `ListenerError` /
 * `LISTENER_FAILED` (a tool body's own throw never gets here: dispatch turns it into a
 * `TOOL_FAILED` result first). Never throws.
 */
export function thrownResult(thrown: unknown): ToolErrorResult {
  const own = harnessErrorInfo(thrown)
  if (own !== undefined) return errorResult(describeThrown(thrown), own)
  const wrapped = new ListenerError(thrown)
  return errorResult(wrapped.message, { name: wrapped.name, code: wrapped.code })
}

function errorResult(message: string, error: ToolErrorInfo): ToolErrorResult {
  return {
    content: [{ type: 'text', text: `Error: ${message}` }],
    isError: true,
    error: { name: error.name, code: error.code },
  }
}

function harnessErrorInfo(thrown: unknown): ToolErrorInfo | undefined {
  if (!isHarnessError(thrown)) return undefined
  try {
    const { name, code } = thrown
    if (typeof name === 'string' && typeof code === 'string') return { name, code }
  } catch {
    // A look-alike with throwing getters: a wrapper's failure like any other.
  }
  return undefined
}
