import { deepFreeze } from '@toolpipe/core'
import type { HookContext } from '@toolpipe/core'
import type { ToolDecision } from '../../tool-decision.js'
import type { PostToolDecision } from '../../tool-decisions.js'
import type { ToolExecution, ToolExecutionResult } from '../../tool-execution.js'
import { runWaterfall } from '../compose.js'
import type { Pipeline } from '../pipeline.js'
import { readPostDecision } from '../read-post-decision.js'
import { shownFailure } from '../shown-failure.js'
import { shownPostDecision } from '../shown-post-decision.js'
import { recordDecision } from './record-decision.js'

const accept: PostToolDecision = Object.freeze({ kind: 'accept' })
const postSource = Object.freeze({ kind: 'post-execute' })
const postDecisions: Readonly<Record<'block' | 'edit', ToolDecision>> = Object.freeze({
  block: Object.freeze({ stage: 'post', outcome: 'block', source: postSource }),
  edit: Object.freeze({ stage: 'post', outcome: 'edit', source: postSource }),
})

/**
 * Step 9: the `tools/post-execute` waterfall, default `accept`. `accept` may replace the content
 * and the additional context; `block` makes the result `{ content: feedback, isError: true }` with
 * `ToolBlockedError` / `POST_BLOCKED` (or the name and code of the block's own `error`). `isError` never goes from true to false, and an accepted
 * error keeps its `error`. Listeners see the frozen result. What each listener wrote (feedback,
 * content, additional context, a block's error) goes through the `tools/shown` filters as it is
 * read, before the listener outside it, the model or an observer sees it (SPEC §25). Never throws:
 * a listener's throw is the call's error result, its message filtered the same way.
 */
export async function reviewResult(
  pipeline: Pipeline,
  exec: ToolExecution,
  result: ToolExecutionResult,
): Promise<ToolExecutionResult> {
  let decision: PostToolDecision
  try {
    decision = await runWaterfall(
      pipeline.postExecuteListeners.entries,
      exec.agent,
      (listener, next) => listener(exec, result, next),
      (value) => shownPostDecision(pipeline, readPostDecision(value, pipeline.contentTypes)),
      () => accept,
    )
  } catch (error) {
    return shownFailure(pipeline, exec, error)
  }
  const context = decision.additionalContext
  if (decision.kind === 'block' || decision.content !== undefined) {
    // SPEC §18.5: a block, or content replaced, is on the record.
    recordDecision(
      pipeline,
      exec,
      decision.kind === 'block' ? postDecisions.block : postDecisions.edit,
    )
  }
  if (decision.kind === 'block') {
    return withContext(
      {
        content: decision.feedback,
        isError: true,
        error: decision.error ?? { name: 'ToolBlockedError', code: 'POST_BLOCKED' },
      },
      context,
    )
  }
  // Stryker disable next-line ConditionalExpression: a fast path; an equal frozen copy of the result is returned otherwise
  if (decision.content === undefined && context === undefined) return result
  const accepted = { ...result }
  if (decision.content !== undefined) accepted.content = decision.content
  return withContext(accepted, context)
}

function withContext(
  result: ToolExecutionResult,
  context: HookContext | undefined,
): ToolExecutionResult {
  if (context !== undefined) result.additionalContext = context
  return deepFreeze(result)
}
