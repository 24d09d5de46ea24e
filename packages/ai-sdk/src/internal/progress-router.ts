import type {
  Disposer,
  ToolExecutionInput,
  ToolExecutionResult,
  ToolProgress,
} from '@toolpipe/tools'
import type { ToolSource } from '@toolpipe/tools/internal'

/** Who hears one call's progress reports; the router notes the call's token on it. */
export interface ProgressSink {
  /** The call's token, once the router saw its start. */
  token: symbol | undefined
  /** Whether the router counts the call as running (it started it, observing). */
  routed: boolean
  /** Takes one progress report of the call. */
  progress(update: ToolProgress): void
}

/**
 * Hands each call of one tool set its own progress reports, through one `tools/start` and one
 * `tools/progress` observer for all the calls in flight: installed when the first call starts,
 * removed when the last settles. (One observer pair per call made 10,000 concurrent calls cost
 * 10,000 × 10,000 observer calls, and a copy of the registry's listener list per call.)
 *
 * The registry tells its `tools/start` observers of a call synchronously, inside `execute()`: the
 * first start the observer sees while a call is being started is that call's, and its token tells
 * its progress reports from any other call's.
 */
export class ProgressRouter {
  readonly #source: ToolSource
  /** The sink of each running call whose start was seen, by the call's token. */
  readonly #byToken = new Map<symbol, ProgressSink>()
  /** The call inside whose `execute()` this is, if any. */
  #starting: ProgressSink | undefined
  #running = 0
  #stopObserving: Disposer | undefined

  constructor(source: ToolSource) {
    this.#source = source
  }

  /**
   * `execute()`, with the call's progress reports handed to `sink` as they come. The caller calls
   * {@link ProgressRouter.settled} with the same sink once the returned promise settled.
   */
  execute(
    input: Omit<ToolExecutionInput, 'agent'>,
    sink: ProgressSink,
  ): Promise<ToolExecutionResult> {
    if (!this.#observe()) return this.#source.execute(input)
    this.#running++
    sink.routed = true
    const outer = this.#starting
    this.#starting = sink
    try {
      return this.#source.execute(input)
    } finally {
      this.#starting = outer
    }
  }

  /** The call `sink` listens to settled: forget it, and stop observing when none runs. */
  settled(sink: ProgressSink): void {
    if (!sink.routed) return
    sink.routed = false
    if (sink.token !== undefined) this.#byToken.delete(sink.token)
    if (--this.#running > 0) return
    this.#stopObserving?.()
    this.#stopObserving = undefined
  }

  /** Installs the observers unless they are; false when the source takes none (a disposed scope). */
  #observe(): boolean {
    if (this.#stopObserving !== undefined) return true
    try {
      this.#stopObserving = this.#source.observe(
        (exec) => {
          const starting = this.#starting
          if (starting === undefined || starting.token !== undefined) return
          starting.token = exec.token
          this.#byToken.set(exec.token, starting)
        },
        (exec, update) => {
          this.#byToken.get(exec.token)?.progress(update)
        },
      )
      return true
    } catch {
      // A disposed scope takes no listeners; its calls still run, and report no progress.
      return false
    }
  }
}
