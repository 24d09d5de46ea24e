import type { ToolExecutionInput, ToolExecutionResult, ToolProgress } from '@toolpipe/tools'
import type { AiSdkToolOutput } from '../ai-sdk-tool-output.js'
import type { ProgressSink } from './progress-router.js'
import { runCall } from './run-call.js'
import type { ToolSetCalls } from './run-call.js'

const done: IteratorReturnResult<undefined> = Object.freeze({ done: true, value: undefined })

interface Reader {
  resolve(output: IteratorResult<AiSdkToolOutput, undefined>): void
  reject(error: Error): void
}

/**
 * One call of a tool set, started at once, and its outputs as the AI SDK reads a tool that
 * streams: each progress report as a preliminary output, as it comes, then the call's result, the
 * final output.
 *
 * Written by hand rather than as an async generator: a call that reports no progress (most) costs
 * two settled promises here, where a generator's queue and resumptions cost several times that,
 * which 10,000 concurrent calls turn into most of their time (bench/README.md, "adapters").
 */
export class CallOutputs
  implements AsyncIterableIterator<AiSdkToolOutput, undefined>, ProgressSink
{
  token: symbol | undefined = undefined
  routed = false
  /** Reports that came before anyone asked for them (made when the first one does). */
  #updates: ToolProgress[] | undefined
  /** The reader waiting for the next output, if any. */
  #waiting: Reader | undefined
  #result: ToolExecutionResult | undefined
  /** What went wrong, if the call's promise rejected: `execute()` never does; a bug might. */
  #error: Error | undefined
  /** The result was handed out, or the reader let go: only `done` from now on. */
  #finished = false

  constructor(calls: ToolSetCalls, input: Omit<ToolExecutionInput, 'agent'>) {
    runCall(calls, input, this).then(
      (result) => {
        calls.router.settled(this)
        this.#settle(result)
      },
      (reason: unknown) => {
        calls.router.settled(this)
        this.#fail(reason instanceof Error ? reason : new Error(String(reason)))
      },
    )
  }

  [Symbol.asyncIterator](): this {
    return this
  }

  next(): Promise<IteratorResult<AiSdkToolOutput, undefined>> {
    if (this.#finished) return Promise.resolve(done)
    const update = this.#updates?.shift()
    if (update !== undefined) return Promise.resolve({ done: false, value: preliminary(update) })
    const result = this.#result
    if (result !== undefined) {
      this.#finished = true
      return Promise.resolve({ done: false, value: result })
    }
    if (this.#error !== undefined) {
      this.#finished = true
      return Promise.reject(this.#error)
    }
    return new Promise((resolve, reject) => {
      this.#waiting = { resolve, reject }
    })
  }

  /** The reader stopped early (a `break` in `for await`): the call runs on, unread. */
  return(): Promise<IteratorResult<AiSdkToolOutput, undefined>> {
    this.#finished = true
    this.#updates = undefined
    return Promise.resolve(done)
  }

  progress(update: ToolProgress): void {
    if (this.#finished || this.#result !== undefined) return
    const waiting = this.#waiting
    if (waiting === undefined) {
      ;(this.#updates ??= []).push(update)
      return
    }
    this.#waiting = undefined
    waiting.resolve({ done: false, value: preliminary(update) })
  }

  #settle(result: ToolExecutionResult): void {
    this.#result = result
    const waiting = this.#waiting
    // A waiting reader has read every report that came: the result is next.
    if (waiting === undefined) return
    this.#waiting = undefined
    this.#finished = true
    waiting.resolve({ done: false, value: result })
  }

  #fail(error: Error): void {
    this.#error = error
    const waiting = this.#waiting
    if (waiting === undefined) return
    this.#waiting = undefined
    this.#finished = true
    waiting.reject(error)
  }
}

function preliminary(update: ToolProgress): AiSdkToolOutput {
  return { preliminary: true, update }
}
