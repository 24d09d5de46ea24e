import type { CallSequencer } from '@toolpipe/core/internal'
import type { ToolExecutionInput, ToolExecutionResult } from '@toolpipe/tools'
import type { ToolSource } from '@toolpipe/tools/internal'
import type { ProgressRouter, ProgressSink } from './progress-router.js'

/** What one tool set keeps for its calls: its source, its call order, its progress routing. */
export interface ToolSetCalls {
  readonly source: ToolSource
  readonly sequencer: CallSequencer
  readonly router: ProgressRouter
}

/**
 * One call of a tool set, in its turn (SPEC §12.4 by the sequencer), through `execute()`, its
 * progress reports (`tools/progress`) handed to `sink` as they come; once the returned promise
 * settled, `calls.router.settled(sink)`. A call whose signal aborts before its turn ends at once,
 * without running, as `CANCELLED` (its observers told), like a batch's pending call.
 */
export function runCall(
  calls: ToolSetCalls,
  input: Omit<ToolExecutionInput, 'agent'>,
  sink: ProgressSink,
): Promise<ToolExecutionResult> {
  const { source, sequencer, router } = calls
  const { signal } = input
  const concurrencySafe = source.get(input.name)?.concurrencySafe === true
  const start = () => router.execute(input, sink)
  return signal === undefined
    ? sequencer.run(concurrencySafe, start)
    : sequencer.run(concurrencySafe, start, {
        signal,
        cancelled: () => source.cancel(input, signal),
      })
}
