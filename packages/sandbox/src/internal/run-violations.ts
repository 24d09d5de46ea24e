import { SandboxManager } from '@anthropic-ai/sandbox-runtime'

type ViolationStore = ReturnType<typeof SandboxManager.getSandboxViolationStore>
type ViolationEvent = ReturnType<ViolationStore['getViolations']>[number]

/**
 * Each live run's violations, collected while it is live. The runtime's store is a tail of the
 * last 100 violations of the whole process: read only after a run, a run's own reports would be
 * gone once 100 others followed them (its own later ones, or another run's). So the store is
 * subscribed to while a run is watched, and each report under its key is kept as it comes.
 */
export class RunViolations {
  readonly #runs = new Map<string, Set<ViolationEvent>>()
  #unsubscribe: (() => void) | undefined

  /** Starts collecting what is reported under `key`. */
  watch(key: string): void {
    this.#runs.set(key, new Set())
    this.#unsubscribe ??= SandboxManager.getSandboxViolationStore().subscribe(() => {
      this.#collect()
    })
  }

  /** What was reported under `key` since {@link watch}, in order. */
  reported(key: string): ViolationEvent[] {
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

  #collect(): void {
    const store = this.#store()
    for (const [key, seen] of this.#runs) {
      for (const event of store.getViolationsForCommand(key)) seen.add(event)
    }
  }

  #store(): ViolationStore {
    return SandboxManager.getSandboxViolationStore()
  }
}
