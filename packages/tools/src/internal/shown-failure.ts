import { deepFreeze } from '@toolpipe/core'
import { warnSafely } from '@toolpipe/core/internal'
import { shownValue } from '../provided-values.js'
import type { ToolErrorResult, ToolExecution } from '../tool-execution.js'
import { failureResult } from './error-result.js'
import type { Pipeline } from './pipeline.js'

/** What stands for an error message the filters could not clean. */
const withheld = 'Error: [message withheld]'

/**
 * Step 10 for plugin code: the error result of a listener, guard, wrapper or approval service
 * that threw (`failureResult`), its text as the registry's `tools/shown` filters clean it (SPEC
 * §25: what a listener throws, or the description of a decision it got wrong, may quote a secret,
 * and the message reaches the model and the observers). A filter that throws or hands back
 * something other than text leaves `Error: [message withheld]`, with a warning; the name and code
 * stay. Never throws.
 */
export function shownFailure(
  pipeline: Pipeline,
  exec: ToolExecution<unknown>,
  thrown: unknown,
): ToolErrorResult {
  const failed = failureResult(thrown, 'listener')
  // Stryker disable next-line ConditionalExpression: a fast path; with no filter shownValue hands back the same text
  if (pipeline.provided.provided('tools/shown').length === 0) return failed
  const [block] = failed.content
  const text = block?.type === 'text' ? block.text : ''
  let shown: unknown
  try {
    shown = shownValue(pipeline.provided, text)
  } catch (error) {
    warnSafely(
      pipeline.logger,
      `toolpipe: a tools/shown filter failed on the error of call "${exec.callId}" of tool "${exec.name}"; its message is withheld`,
      error,
    )
  }
  if (shown === text) return failed
  return deepFreeze({
    ...failed,
    content: [{ type: 'text', text: typeof shown === 'string' ? shown : withheld }],
  })
}
