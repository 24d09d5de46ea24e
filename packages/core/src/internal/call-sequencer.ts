import { AbortFanOut } from './abort-fan-out.js'

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

/** A call admitted while others held it back: started by the queue, or cancelled while waiting. */
interface Waiting {
  readonly concurrencySafe: boolean
  /** Starts the call; its outcome goes to the caller's promise. */
  readonly start: () => void
  /** Whether it started or was cancelled: either way, no longer waiting. */
  gone: boolean
  /** Stops listening to its signal. */
  unsubscribe: (() => void) | undefined
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
 * waiting calls share one signal, the sequencer listens to it once; a call that can start at
 * once (nothing holds it back) starts inside `run()`, without listening at all, so that 10,000
 * concurrent safe calls cost little more than 10,000 calls.
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
  /** Calls started and not yet settled. */
  #running = 0
  /** Whether the call running is an exclusive one (then it is the only one). */
  #exclusiveRunning = false
  /** The calls held back, in the order they were admitted, from `#head` on. */
  #waiting: Waiting[] = []
  #head = 0
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
    const { signal, cancelled } = options
    const cancellable = signal !== undefined && cancelled !== undefined
    if (cancellable && signal.aborted) return cancelled()
    if (this.#head === this.#waiting.length && this.#mayStart(concurrencySafe)) {
      return this.#start(concurrencySafe, call)
    }
    return new Promise<TResult>((resolve, reject) => {
      const waiting: Waiting = {
        concurrencySafe,
        start: () => {
          this.#start(concurrencySafe, call).then(resolve, reject)
        },
        gone: false,
        unsubscribe: undefined,
      }
      if (cancellable) {
        waiting.unsubscribe = this.#aborts.subscribe(signal, () => {
          if (waiting.gone) return
          waiting.gone = true
          cancelled().then(resolve, reject)
          // Its place passes: calls it held back may start now.
          this.#next()
        })
      }
      this.#waiting.push(waiting)
    })
  }

  /** Whether nothing running holds back a call of this kind. */
  #mayStart(concurrencySafe: boolean): boolean {
    return concurrencySafe ? !this.#exclusiveRunning : this.#running === 0
  }

  /** Starts a call now; when it settles, the next calls get their turn. */
  #start<TResult>(concurrencySafe: boolean, call: () => Promise<TResult>): Promise<TResult> {
    this.#running++
    if (!concurrencySafe) this.#exclusiveRunning = true
    let outcome: Promise<TResult>
    try {
      outcome = call()
    } catch (error) {
      outcome = Promise.reject(error instanceof Error ? error : new Error(String(error)))
    }
    const settled = (): void => {
      this.#running--
      if (!concurrencySafe) this.#exclusiveRunning = false
      this.#next()
    }
    outcome.then(settled, settled)
    return outcome
  }

  /** Starts the waiting calls, in order, for as long as nothing holds the first one back. */
  #next(): void {
    while (this.#head < this.#waiting.length) {
      const first = this.#waiting[this.#head]
      if (first === undefined) break
      if (!first.gone) {
        if (!this.#mayStart(first.concurrencySafe)) {
          this.#compact()
          return
        }
        first.gone = true
        first.unsubscribe?.()
        first.start()
      }
      this.#head++
    }
    // Nobody waits: let go of the array instead of keeping every call that ever waited.
    this.#waiting = []
    this.#head = 0
  }

  /** Drops the calls before `#head` once they are most of the array, so a busy queue stays small. */
  #compact(): void {
    if (this.#head < 1_024 || this.#head * 2 < this.#waiting.length) return
    this.#waiting = this.#waiting.slice(this.#head)
    this.#head = 0
  }
}
