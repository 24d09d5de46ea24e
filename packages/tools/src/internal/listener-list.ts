import type { Agent } from '@toolpipe/core'
import type { ListenerEntry } from './compose.js'
import type { Reversible } from './reversible.js'

interface RankedEntry<TListener> extends ListenerEntry<TListener> {
  /**
   * Its place: appended entries count up, prepended ones down, innermost ones up from far above
   * every appended one, so order survives a restore.
   */
  readonly rank: number
}

/**
 * Where a listener goes: `last`, inside those before it (the default); `first`, outermost
 * (`prepend`); `innermost`, inside every listener added without it, in the order such listeners
 * are added (what must see a tool's result before anyone else does).
 */
export type ListenerPlace = 'first' | 'last' | 'innermost'

/** Innermost ranks start here: no registry adds this many listeners in its life. */
const innermostBase = 2 ** 40

/**
 * Listeners of one event, outermost first. The array is replaced, never mutated, so a call that
 * started with one set of listeners finishes with it even if listeners come and go meanwhile.
 */
export class ListenerList<TListener> {
  #entries: readonly RankedEntry<TListener>[] = []
  #lastRank = 0
  #firstRank = 0
  #innermostRank = innermostBase

  get entries(): readonly ListenerEntry<TListener>[] {
    return this.#entries
  }

  /** Adds an entry (a second add of the same function is a second entry); returns its handle. */
  add(listener: TListener, scope: Agent | undefined, place: ListenerPlace = 'last'): Reversible {
    const rank =
      place === 'first'
        ? --this.#firstRank
        : place === 'innermost'
          ? ++this.#innermostRank
          : ++this.#lastRank
    const entry: RankedEntry<TListener> = { listener, scope, rank }
    this.#entries = [...this.#entries, entry].sort(byRank)
    return {
      remove: () => {
        this.#entries = this.#entries.filter((candidate) => candidate !== entry)
      },
      restore: () => {
        // Stryker disable next-line ConditionalExpression: a restore only follows its own remove (a disposer acts once), so the entry is never there already
        if (this.#entries.includes(entry)) return
        this.#entries = [...this.#entries, entry].sort(byRank)
      },
    }
  }
}

function byRank(left: { readonly rank: number }, right: { readonly rank: number }): number {
  return left.rank - right.rank
}
