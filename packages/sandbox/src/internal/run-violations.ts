import { SandboxManager } from '@anthropic-ai/sandbox-runtime'

type ViolationStore = ReturnType<typeof SandboxManager.getSandboxViolationStore>
type ViolationEvent = ReturnType<ViolationStore['getViolations']>[number]

/**
 * Each live run's violations, collected while it is live. The runtime's store is a tail of the
 * last 100 violations of the whole process: read only after a run, a run's own reports would be
 * gone once 100 others followed them (its own later ones, or another run's). So the store is
 * subscribed to while a run is watched, and each report under its key is kept as it comes.
 *
 * The key comes back from the sandboxed side (the proxy username a command sends, the seccomp
 * helper's first line): a report under a key no watched run has, or none, is every watched run's,
 * so that no run can hide its own reports behind a key of its choosing. A command can still send
 * another live run's key (the runtime's proxy has one password per session, in every run's
 * `HTTP_PROXY`); with one run live, attribution is exact.
 */
export class RunViolations {
  readonly #runs = new Map<string, Set<ViolationEvent>>()
  /** Every report of the store already given to its runs (or there before any was watched). */
  readonly #handled = new WeakSet<ViolationEvent>()
  #unsubscribe: (() => void) | undefined

  /** Starts collecting what is reported under `key`, and what is reported under no live key. */
  watch(key: string): void {
    if (this.#unsubscribe === undefined) {
      // What the store holds from before is no live run's: none is handed out.
      for (const event of this.#store().getViolations()) this.#handled.add(event)
    }
    this.#runs.set(key, new Set())
    this.#unsubscribe ??= this.#store().subscribe(() => {
      this.#collect()
    })
  }

  /** What was reported for `key` since {@link watch}, in order. */
  reported(key: string): ViolationEvent[] {
    this.#collect()
    const seen = new Set(this.#runs.get(key))
    for (const event of this.#store().getViolationsForCommand(key)) seen.add(event)
    return [...seen]
  }

  /** Stops collecting under `key` (a run that ended before it was wrapped). */
  forget(key: string): void {
    this.#runs.delete(key)
    if (this.#runs.size > 0 || this.#unsubscribe === undefined) return
    this.#unsubscribe()
    this.#unsubscribe = undefined
  }

  /** Gives each report not handled yet to the run whose key it has, or to every watched run. */
  #collect(): void {
    const store = this.#store()
    const owners = new Map<ViolationEvent, Set<ViolationEvent>>()
    for (const [key, seen] of this.#runs) {
      for (const event of store.getViolationsForCommand(key)) owners.set(event, seen)
    }
    for (const event of store.getViolations()) {
      if (this.#handled.has(event)) continue
      this.#handled.add(event)
      const owner = owners.get(event)
      if (owner !== undefined) owner.add(event)
      else for (const seen of this.#runs.values()) seen.add(event)
    }
  }

  #store(): ViolationStore {
    return SandboxManager.getSandboxViolationStore()
  }
}
