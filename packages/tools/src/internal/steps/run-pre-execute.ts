import type { PreToolDecision } from '../../tool-decisions.js'
import type { ToolExecution } from '../../tool-execution.js'
import { callWithExecution, startWaterfall } from '../compose.js'
import type { WaterfallStart } from '../compose.js'
import type { Pipeline } from '../pipeline.js'
import { readPreDecision } from '../read-pre-decision.js'
import { rememberSettledDecision } from '../../settled-decision.js'

const allow: PreToolDecision = Object.freeze({ kind: 'allow' })
const defaultAllow = (): PreToolDecision => allow
/**
 * Step 5: the `tools/pre-execute` waterfall, default `allow`. Outer listeners may overrule inner
 * ones: this layer is not monotonic (guards are). Each decision is read once, into a frozen copy.
 * Started only: the caller awaits what the outermost listener returned and reads it with `read`
 * (one promise fewer per call than a finished chain). Never throws; `returned` rejects with what
 * a listener throws, and `read` throws `ToolPipelineError` for a malformed decision. A `next()`
 * whose decision is known at once says so to `settledDecision`.
 */
export function runPreExecute(
  pipeline: Pipeline,
  exec: ToolExecution,
): WaterfallStart<PreToolDecision> {
  return startWaterfall(
    pipeline.preExecuteListeners.entries,
    exec.agent,
    callWithExecution,
    readPreDecision,
    defaultAllow,
    exec,
    rememberSettledDecision,
  )
}
