import type { Agent } from '@toolpipe/core'
import type { ListenerEntry } from './compose.js'
import { once } from './once.js'

/**
 * Listeners of one event, outermost first. The array is replaced, never mutated, so a call that
 * started with one set of listeners finishes with it even if listeners come and go meanwhile.
 */
export class ListenerList<TListener> {
  #entries: readonly ListenerEntry<TListener>[] = []

  get entries(): readonly ListenerEntry<TListener>[] {
    return this.#entries
  }

  /** Adds an entry (a second add of the same function is a second entry); returns its remover. */
  add(listener: TListener, scope: Agent | undefined, prepend = false): () => void {
    const entry: ListenerEntry<TListener> = { listener, scope }
    this.#entries = prepend ? [entry, ...this.#entries] : [...this.#entries, entry]
    return once(() => {
      this.#entries = this.#entries.filter((candidate) => candidate !== entry)
    })
  }
}
