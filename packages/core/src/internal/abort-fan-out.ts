interface Forwarding {
  readonly callbacks: Set<() => void>
  readonly forward: () => void
}

/**
 * Forwards the abort of a caller's signal to everything waiting on it (a deadline, an argument
 * check) through one listener per signal, however many calls share the signal: a thousand
 * concurrent calls would otherwise add a thousand listeners (Node 20 warns past ten). The
 * listener is removed when the last subscriber lets go. One per user (the timeout policy's installation, a registry's pipeline);
 * signals are held weakly.
 */
export class AbortFanOut {
  readonly #forwardings = new WeakMap<AbortSignal, Forwarding>()

  /** Calls `onAbort` once when `signal` aborts, unless the returned function is called first. */
  subscribe(signal: AbortSignal, onAbort: () => void): () => void {
    let forwarding = this.#forwardings.get(signal)
    if (forwarding === undefined) {
      const callbacks = new Set<() => void>()
      const forward = (): void => {
        // Stryker disable next-line CallExpression: only a subscription to the aborted signal could meet the stale entry, and Deadline never makes one (it forwards an aborted signal at once)
        this.#forwardings.delete(signal)
        for (const callback of [...callbacks]) callback()
        // Stryker disable next-line CallExpression: frees the callbacks early; a later unsubscribe then finds nothing to do, as it would anyway (the listener is gone and so is the entry)
        callbacks.clear()
      }
      forwarding = { callbacks, forward }
      signal.addEventListener('abort', forward, { once: true })
      this.#forwardings.set(signal, forwarding)
    }
    // A callback of its own per subscription, so that one unsubscribe removes only its own.
    const callback = (): void => {
      onAbort()
    }
    const { callbacks, forward } = forwarding
    callbacks.add(callback)
    return () => {
      if (!callbacks.delete(callback) || callbacks.size > 0) return
      signal.removeEventListener('abort', forward)
      // Another forwarding under this signal exists only if one was made during or after its abort,
      // which Deadline never does: the check keeps re-entrant use safe.
      // Stryker disable next-line ConditionalExpression,OptionalChaining: equivalent for every use Deadline makes (see above)
      if (this.#forwardings.get(signal)?.callbacks === callbacks) this.#forwardings.delete(signal)
    }
  }
}
