import type { CallSequencer } from '@toolpipe/core/internal'
import type { ToolExecutionInput, ToolExecutionResult, ToolProgress } from '@toolpipe/tools'
import type { ToolSource } from '@toolpipe/tools/internal'

/**
 * One call of a tool set, in its turn (SPEC §12.4 by the sequencer), through `execute()`. A call
 * whose signal aborts before its turn ends at once, without running, as `CANCELLED` (its
 * observers told), like a batch's pending call. With `onProgress`, the call's progress reports
 * (`tools/progress`) are handed to it as they come.
 */
export function runCall(
  source: ToolSource,
  sequencer: CallSequencer,
  input: Omit<ToolExecutionInput, 'agent'>,
  onProgress?: (update: ToolProgress) => void,
): Promise<ToolExecutionResult> {
  const { signal } = input
  const concurrencySafe = source.get(input.name)?.concurrencySafe === true
  const start = () =>
    onProgress === undefined ? source.execute(input) : executeObserved(source, input, onProgress)
  return signal === undefined
    ? sequencer.run(concurrencySafe, start)
    : sequencer.run(concurrencySafe, start, {
        signal,
        cancelled: () => source.cancel(input, signal),
      })
}

/**
 * `execute()` with the call's progress reports handed to `onProgress`. The registry tells its
 * `tools/start` observers of a call synchronously, inside `execute()`: the one observer that
 * listens only while this call starts learns the call's token, which tells its progress reports
 * from any other call's.
 */
function executeObserved(
  source: ToolSource,
  input: Omit<ToolExecutionInput, 'agent'>,
  onProgress: (update: ToolProgress) => void,
): Promise<ToolExecutionResult> {
  let token: symbol | undefined
  let starting = true
  let stop: () => void
  try {
    stop = source.observe(
      (exec) => {
        if (!starting) return
        starting = false
        token = exec.token
      },
      (exec, update) => {
        if (token !== undefined && exec.token === token) onProgress(update)
      },
    )
  } catch {
    // A disposed scope takes no listeners; its calls still run, and report no progress.
    return source.execute(input)
  }
  let running: Promise<ToolExecutionResult>
  try {
    running = source.execute(input)
  } finally {
    starting = false
  }
  return running.finally(stop)
}
