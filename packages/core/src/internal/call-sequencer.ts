/** Does nothing: the settled outcome of a call is its caller's business, not the queue's. */
function ignore(): void {
  // A call's rejection is handed to its own caller; the queue only needs to know it settled.
}

/**
 * Orders the tool calls of a framework that starts a model turn's calls all at once (the AI SDK,
 * OpenAI Agents JS) by SPEC §12.4's rule: a call that is not concurrency-safe waits for every
 * call admitted before it and holds back every call admitted after it; consecutive safe calls
 * overlap. Calls are admitted in the order {@link CallSequencer.run} is called, which is the
 * model's order when the framework starts them in that order.
 *
 * A call's failure is passed to its own caller and never stops the queue. Each instance keeps
 * its own queue: one per tool set, so unrelated tool sets never wait for each other.
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

  /**
   * Admits one call and runs it when its turn comes.
   *
   * @param concurrencySafe - whether the call may overlap its safe neighbours
   * @param call - starts the call; invoked once, when its turn comes
   * @returns the call's own outcome
   */
  run<TResult>(concurrencySafe: boolean, call: () => Promise<TResult>): Promise<TResult> {
    const turn = concurrencySafe ? this.#lastExclusiveCall : this.#everyCall
    const outcome = turn.then(call)
    const settled = outcome.then(ignore, ignore)
    if (concurrencySafe) {
      this.#everyCall = Promise.all([this.#everyCall, settled]).then(ignore)
    } else {
      this.#everyCall = settled
      this.#lastExclusiveCall = settled
    }
    return outcome
  }
}
