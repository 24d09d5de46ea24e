import type { PreToolDecision } from '../../tool-decisions.js'
import type { ToolExecution } from '../../tool-execution.js'
import { runWaterfall } from '../compose.js'
import type { Pipeline } from '../pipeline.js'
import { readPreDecision } from '../read-pre-decision.js'

const allow: PreToolDecision = Object.freeze({ kind: 'allow' })

/**
 * Step 5: the `tools/pre-execute` waterfall, default `allow`. Outer listeners may overrule inner
 * ones: this layer is not monotonic (guards are). Each decision is read once, into a frozen copy.
 *
 * @throws what a listener throws, or `ToolPipelineError` for a malformed decision
 */
export function runPreExecute(pipeline: Pipeline, exec: ToolExecution): Promise<PreToolDecision> {
  return runWaterfall(
    pipeline.preExecuteListeners.entries,
    exec.agent,
    (listener, next) => listener(exec, next),
    readPreDecision,
    () => allow,
  )
}
