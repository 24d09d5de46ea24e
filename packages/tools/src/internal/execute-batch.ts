import type { Agent } from '@toolpipe/core'
import type { ToolBatchResult } from '../tool-batch.js'
import { ToolCancelledError } from '../tool-cancelled-error.js'
import type { ToolErrorResult, ToolExecutionResult } from '../tool-execution.js'
import { errorResult } from './error-result.js'
import { runCall } from './execute-pipeline.js'
import type { Pipeline } from './pipeline.js'
import { readBatch } from './read-batch.js'
import type { BatchSettings } from './read-batch.js'
import { readInput } from './steps/read-input.js'
import type { InputReading } from './steps/read-input.js'

/**
 * SPEC §12.4: runs a model step's calls. Consecutive calls to `concurrencySafe` tools run at the
 * same time (at most `maxConcurrency`); any other call waits for every call before it and holds
 * back every call after it. Each input is read once, up front (step 1), to know its tool; each
 * call then goes through the whole pipeline. When the batch's signal aborts, every call that has
 * not started ends at once with `CANCELLED`, and the running ones see it through `exec.signal`.
 * Never rejects, never throws.
 *
 * @param scopeAgent - set by a `ScopedTools` handle: every call's agent
 */
export async function executeBatch(
  pipeline: Pipeline,
  inputs: unknown,
  options: unknown,
  scopeAgent: Agent | undefined,
): Promise<ToolBatchResult> {
  const batch = readBatch(inputs, options)
  if (batch.problem !== undefined) {
    return freezeBatch([errorResult(batch.problem.message, batch.problem)])
  }
  const readings = batch.inputs.map((input) => readInput(input, scopeAgent))
  // Stryker disable next-line ArrayDeclaration: every slot is written before the results are frozen
  const results: ToolExecutionResult[] = new Array<ToolExecutionResult>(readings.length)
  const start = (index: number, reading: InputReading, decided?: ToolErrorResult) =>
    runCall(pipeline, withBatchSignal(reading, batch), decided).then((result) => {
      results[index] = result
    })
  if (batch.invalidOptions !== undefined) {
    // Nothing runs; each call still gets its result, and its observers are told.
    const refused = errorResult(batch.invalidOptions.message, batch.invalidOptions)
    await Promise.all(readings.map((reading, index) => start(index, reading, refused)))
    return freezeBatch(results)
  }
  const aborted = abortion(batch.signal)
  const running = new Set<Promise<void>>()
  try {
    for (const [index, reading] of readings.entries()) {
      const safe = isConcurrencySafe(pipeline, reading)
      // Safe: wait for a free slot. Not safe: wait for everything before it.
      while (!aborted.happened && running.size > 0 && (!safe || running.size >= batch.limit)) {
        await Promise.race(safe ? [...running, aborted.promise] : [allOf(running), aborted.promise])
      }
      const task = start(index, reading, aborted.happened ? cancelled(reading) : undefined)
      running.add(task)
      void task.then(() => running.delete(task))
      // Not safe: it holds back everything after it.
      if (!safe) await Promise.race([task, aborted.promise])
    }
    await Promise.all(running)
  } finally {
    aborted.release()
  }
  return freezeBatch(results)
}

/** The call's reading, its signal combined with the batch's (either aborts the call). */
function withBatchSignal(reading: InputReading, batch: BatchSettings): InputReading {
  const signal = batch.signal
  // Stryker disable next-line ConditionalExpression: a refused input runs nothing, and runCall reads no signal from it
  if (signal === undefined || reading.problem !== undefined) return reading
  const own = reading.signal
  return { ...reading, signal: own === undefined ? signal : AbortSignal.any([own, signal]) }
}

/** Whether the tool the call names, in the call's visible set now, is `concurrencySafe`. */
function isConcurrencySafe(pipeline: Pipeline, reading: InputReading): boolean {
  if (reading.problem !== undefined) return true // it runs nothing
  try {
    // Stryker disable next-line OptionalChaining: an unknown tool then throws into the catch below, which answers false too
    return pipeline.layers.get(reading.name, reading.agent)?.concurrencySafe === true
    // Stryker disable next-line BlockStatement: an empty catch answers undefined, as falsy as false
  } catch {
    return false // a definition whose getter throws: the safe assumption is that it is not safe
  }
}

function cancelled(reading: InputReading): ToolErrorResult {
  const error = new ToolCancelledError(reading.name)
  return errorResult(error.message, { name: error.name, code: error.code })
}

/** A promise that resolves when every task now in `running` has settled. */
function allOf(running: ReadonlySet<Promise<void>>): Promise<unknown> {
  return Promise.all(running)
}

interface Abortion {
  readonly promise: Promise<void>
  readonly happened: boolean
  release(): void
}

/** The batch's abort as a promise to race against, with one listener removed at the end. */
function abortion(signal: AbortSignal | undefined): Abortion {
  let happened = signal?.aborted === true
  let release = (): void => undefined
  const promise = new Promise<void>((resolve) => {
    if (signal === undefined) return
    // Stryker disable next-line ConditionalExpression,BlockStatement: once happened is true nothing waits on this promise (the loops test happened first, an unsafe call races its own task)
    if (happened) {
      // Stryker disable next-line CallExpression: once happened is true nothing waits on this promise (see above)
      resolve()
      return
    }
    const onAbort = (): void => {
      happened = true
      resolve()
    }
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: release() removes the listener when the batch ends, fired or not
    signal.addEventListener('abort', onAbort, { once: true })
    release = () => {
      signal.removeEventListener('abort', onAbort)
    }
  })
  return {
    promise,
    get happened() {
      return happened
    },
    release: () => {
      release()
    },
  }
}

function freezeBatch(results: ToolExecutionResult[]): ToolBatchResult {
  const additionalContext = results.flatMap((result) =>
    result.additionalContext === undefined ? [] : [result.additionalContext],
  )
  return Object.freeze({
    results: Object.freeze(results),
    additionalContext: Object.freeze(additionalContext),
  })
}
