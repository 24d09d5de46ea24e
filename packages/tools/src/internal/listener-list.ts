import type { Agent } from '@toolpipe/core'
import type { ListenerEntry } from './compose.js'
import type { Reversible } from './reversible.js'

interface RankedEntry<TListener> extends ListenerEntry<TListener> {
  /** Its place: appended entries count up, prepended ones down, so order survives a restore. */
  readonly rank: number
}

/**
 * Listeners of one event, outermost first. The array is replaced, never mutated, so a call that
 * started with one set of listeners finishes with it even if listeners come and go meanwhile.
 */
export class ListenerList<TListener> {
  #entries: readonly RankedEntry<TListener>[] = []
  #lastRank = 0
  #firstRank = 0

  get entries(): readonly ListenerEntry<TListener>[] {
    return this.#entries
  }

  /** Adds an entry (a second add of the same function is a second entry); returns its handle. */
  add(listener: TListener, scope: Agent | undefined, prepend = false): Reversible {
    const entry: RankedEntry<TListener> = {
      listener,
      scope,
      rank: prepend ? --this.#firstRank : ++this.#lastRank,
    }
    this.#entries = prepend ? [entry, ...this.#entries] : [...this.#entries, entry]
    return {
      remove: () => {
        this.#entries = this.#entries.filter((candidate) => candidate !== entry)
      },
      restore: () => {
        // Stryker disable next-line ConditionalExpression: a restore only follows its own remove (a disposer acts once), so the entry is never there already
        if (this.#entries.includes(entry)) return
        this.#entries = [...this.#entries, entry].sort((left, right) => left.rank - right.rank)
      },
    }
  }
}
