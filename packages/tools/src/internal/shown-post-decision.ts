import { describeThrown } from '@toolpipe/core/internal'
import { shownValue } from '../provided-values.js'
import type { PostToolDecision } from '../tool-decisions.js'
import { ToolPipelineError } from '../tool-pipeline-error.js'
import type { Pipeline } from './pipeline.js'
import { readMembers } from './read-members.js'
import { readPostDecision } from './read-post-decision.js'

/** The members of a post-execute decision whose values a listener writes. */
const written = ['content', 'feedback', 'additionalContext', 'error'] as const

/**
 * `decision` with what its listener wrote (a block's feedback and error, an accept's content, the
 * additional context) as the registry's `tools/shown` filters clean it (SPEC §25: a hook may echo
 * a secret into them, and they reach the model, the outer post-execute listeners and the
 * observers), read again into a fresh frozen decision. The decision itself when it carries
 * nothing of a listener's own (the default `accept`, an accept that keeps the result as it is) or
 * no filter is provided: a call without such a listener pays nothing for this.
 *
 * @param contentTypes - the block kinds the registry was told of beyond core's
 * @throws what a filter throws; `ToolPipelineError` (`INVALID_DECISION`) when a filter hands back
 * something that is not what it was given (content blocks, a context, an error's name and code)
 */
export function shownPostDecision(
  pipeline: Pipeline,
  decision: PostToolDecision,
): PostToolDecision {
  if (
    decision.kind === 'accept' &&
    decision.content === undefined &&
    decision.additionalContext === undefined
  ) {
    return decision
  }
  // Stryker disable next-line ConditionalExpression: a fast path; with no filter shownValue hands back the same members
  if (pipeline.provided.provided('tools/shown').length === 0) return decision
  const { kind, ...supplied } = decision
  const shown = readMembers(
    shownValue(pipeline.provided, supplied),
    written,
    'what a tools/shown filter handed back for a tools/post-execute decision',
  )
  try {
    if (shown === undefined) throw new TypeError('not an object')
    return readPostDecision({ ...shown, kind }, pipeline.contentTypes)
  } catch (error) {
    throw new ToolPipelineError(
      `a tools/shown filter handed back a tools/post-execute decision that is not one: ${describeThrown(error)}`,
      'INVALID_DECISION',
      { cause: error },
    )
  }
}
