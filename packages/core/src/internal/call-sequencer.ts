import { AbortFanOut } from './abort-fan-out.js'

/** Does nothing: the settled outcome of a call is its caller's business, not the queue's. */
function ignore(): void {
  // A call's rejection is handed to its own caller; the queue only needs to know it settled.
}

/** Options of {@link CallSequencer.run}. */
export interface CallSequencerRunOptions<TResult> {
  /**
   * The call's abort signal. When it aborts before the call's turn (or is aborted already), the
   * call never starts: its outcome is `cancelled()`'s, at once, and its turn passes without it.
   */
  readonly signal?: AbortSignal | undefined
  /** The outcome of a call cancelled before its turn; required with `signal`. */
  readonly cancelled?: (() => Promise<TResult>) | undefined
}

/**
 * Orders the tool calls of a framework that starts a model turn's calls all at once (the AI SDK,
 * OpenAI Agents JS) by SPEC §12.4's rule: a call that is not concurrency-safe waits for every
 * call admitted before it and holds back every call admitted after it; consecutive safe calls
 * overlap. Calls are admitted in the order {@link CallSequencer.run} is called, which is the
 * model's order when the framework starts them in that order. A call whose signal aborts while
 * it waits ends at once without starting, as a batch's pending calls do.
 *
 * A call's failure is passed to its own caller and never stops the queue. Each instance keeps
 * its own queue: one per tool set, so unrelated tool sets never wait for each other. However many
 * waiting calls share one signal, the sequencer listens to it once.
 *
 * @example
 * const sequencer = new CallSequencer()
 * const results = await Promise.all([
 *   sequencer.run(false, () => writeFile()), // runs first, alone
 *   sequencer.run(true, () => readA()), // after the write, beside readB
 *   sequencer.run(true, () => readB()),
 * ])
 */
export class CallSequencer {
  /** Settles when every call admitted so far has settled: what an exclusive call waits for. */
  #everyCall: Promise<void> = Promise.resolve()
  /** Settles when the last exclusive call admitted (and all before it) settled: what a safe call waits for. */
  #lastExclusiveCall: Promise<void> = Promise.resolve()
  /** The waiting calls to cancel when their signal aborts: one listener per signal. */
  readonly #aborts = new AbortFanOut()

  /**
   * Admits one call and runs it when its turn comes.
   *
   * @param concurrencySafe - whether the call may overlap its safe neighbours
   * @param call - starts the call; invoked once, when its turn comes, unless it was cancelled
   * @returns the call's own outcome, or `cancelled()`'s
   */
  run<TResult>(
    concurrencySafe: boolean,
    call: () => Promise<TResult>,
    options: CallSequencerRunOptions<TResult> = {},
  ): Promise<TResult> {
    const turn = concurrencySafe ? this.#lastExclusiveCall : this.#everyCall
    const { signal, cancelled } = options
    let outcome: Promise<TResult>
    let ran: Promise<unknown>
    if (signal === undefined || cancelled === undefined) {
      outcome = turn.then(call)
      ran = outcome
    } else {
      let settle!: { resolve: (value: TResult) => void; reject: (reason: unknown) => void }
      outcome = new Promise<TResult>((resolve, reject) => {
        settle = { resolve, reject }
      })
      let decided = false
      const cancel = (): void => {
        if (decided) return
        decided = true
        cancelled().then(settle.resolve, settle.reject)
      }
      const stopWaiting = this.#wait(signal, cancel)
      ran = turn.then(() => {
        stopWaiting()
        if (decided) return undefined
        decided = true
        const running = call()
        running.then(settle.resolve, settle.reject)
        return running
      })
      ran.catch(settle.reject)
    }
    const settled = ran.then(ignore, ignore)
    if (concurrencySafe) {
      this.#everyCall = Promise.all([this.#everyCall, settled]).then(ignore)
    } else {
      this.#everyCall = settled
      this.#lastExclusiveCall = settled
    }
    return outcome
  }

  /** Calls `cancel` when `signal` aborts (now, if it has), until the returned function is called. */
  #wait(signal: AbortSignal, cancel: () => void): () => void {
    if (!signal.aborted) return this.#aborts.subscribe(signal, cancel)
    cancel()
    return ignore
  }
}
