import type { ToolErrorResult, ToolExecution, ToolGuard } from '../../tool-execution.js'
import { ToolPipelineError } from '../../tool-pipeline-error.js'
import { describeValue } from '../checks.js'
import type { Pipeline } from '../pipeline.js'
import { deniedResult } from '../error-result.js'
import { shownReason } from '../shown-reason.js'
import { recordDecision } from './record-decision.js'

/**
 * Step 7: global guards in registration order, then the call's scope's. The first reason denies
 * (`ToolDeniedError` / `GUARD_DENIED`), as the `tools/shown` filters clean it; `undefined` when
 * every guard let the call through. A guard can only narrow: nothing after it runs when it denies.
 *
 * @throws what a guard or a `tools/shown` filter throws, or `ToolPipelineError`
 * (`INVALID_GUARD_RESULT`) for a guard that returned something other than a string or `undefined`
 */
export function runGuards(pipeline: Pipeline, exec: ToolExecution): ToolErrorResult | undefined {
  const entries = pipeline.guards.entries
  // Stryker disable next-line ConditionalExpression: a fast path; with no guard the loop below denies nothing
  if (entries.length === 0) return undefined
  for (const scoped of [false, true]) {
    for (const { listener: guard, scope } of entries) {
      if (scoped ? scope !== exec.agent || scope === undefined : scope !== undefined) continue
      const verdict: unknown = guard(exec)
      if (verdict === undefined) continue
      if (typeof verdict === 'string') {
        // SPEC §25: the reason as a person may be shown it (a guard may echo a secret).
        const reason = shownReason(pipeline, verdict)
        recordDecision(
          pipeline,
          exec,
          Object.freeze({ stage: 'guard', outcome: 'deny', source: guardSource(guard), reason }),
        )
        return deniedResult(reason, 'GUARD_DENIED')
      }
      throw new ToolPipelineError(
        `a guard returned ${describeValue(verdict)}; a guard returns a denial reason or undefined, synchronously`,
        'INVALID_GUARD_RESULT',
      )
    }
  }
  return undefined
}

/** A guard as a decision's source: its function's name, when it has one. */
function guardSource(guard: ToolGuard): { readonly kind: string; readonly id?: string } {
  let name: unknown
  try {
    name = guard.name
  } catch {
    // A guard whose name cannot be read is still a guard.
  }
  return Object.freeze(
    typeof name === 'string' && name !== '' ? { kind: 'guard', id: name } : { kind: 'guard' },
  )
}
