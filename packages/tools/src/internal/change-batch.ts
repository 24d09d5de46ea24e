import type { Agent } from '@toolpipe/core'
import { describeValue } from '@toolpipe/core/internal'
import { ToolRegistryError } from '../tool-registry-error.js'

/** What a batch tells when it ends: every `tools/change` listener concerned by `scopes`, once. */
export interface BatchAnnouncer {
  /** Tells the listeners; the first throw propagates. */
  announce(scopes: ReadonlySet<Agent | undefined>): void
  /** Tells the listeners; throws are logged. */
  announceQuietly(scopes: ReadonlySet<Agent | undefined>): void
}

/**
 * The open `registry.batch(fn)`, if any: while one is open, changes are not announced one by one
 * but noted, with how to undo each. At the end of the outermost batch, one announcement covers
 * them all; if `fn` throws, or a listener throws at that announcement, every change is undone in
 * reverse order (and, after a listener threw, the listeners are told again), then the error
 * reaches the caller. A batch that only removed things is announced as a disposer is: a
 * listener's throw is logged, and the removals stay. A batch inside a batch is part of the outer one; if its `fn` throws, only
 * what it did is undone.
 */
export class ChangeBatch {
  readonly #announcer: BatchAnnouncer
  #depth = 0
  #undo: (() => void)[] = []
  #changed = new Set<Agent | undefined>()
  /** Whether the batch made a change whose announcement may veto it (an addition). */
  #strict = false

  constructor(announcer: BatchAnnouncer) {
    this.#announcer = announcer
  }

  /** Notes how to undo a change just made, when a batch is open. */
  journal(undo: () => void): void {
    if (this.#depth > 0) this.#undo.push(undo)
  }

  /**
   * Notes a change of `scope`; returns `false` (announce it now) when no batch is open. `strict`:
   * a listener's throw at the announcement undoes it (a registration), rather than being logged (a
   * removal).
   */
  absorb(scope: Agent | undefined, strict: boolean): boolean {
    if (this.#depth === 0) return false
    this.#changed.add(scope)
    if (strict) this.#strict = true
    return true
  }

  /** Runs `fn` as a batch (SPEC §13: one `tools/change` for many changes, all or nothing). */
  run(fn: unknown): unknown {
    if (typeof fn !== 'function') {
      throw new ToolRegistryError(
        `batch(fn) needs a function, got ${describeValue(fn)}`,
        'INVALID_BATCH',
      )
    }
    const mark = this.#undo.length
    const changedBefore = new Set(this.#changed)
    const strictBefore = this.#strict
    this.#depth++
    let result: unknown
    try {
      result = (fn as () => unknown)()
      if (isThenable(result)) {
        throw new ToolRegistryError(
          'batch(fn) runs fn synchronously, and fn returned a promise: fetch first, then apply the changes in one synchronous fn',
          'INVALID_BATCH',
        )
      }
    } catch (error) {
      this.#depth--
      this.#rollBack(mark)
      this.#changed = changedBefore
      this.#strict = strictBefore
      throw error
    }
    this.#depth--
    if (this.#depth === 0) this.#commit()
    return result
  }

  #commit(): void {
    const scopes = this.#changed
    const strict = this.#strict
    this.#changed = new Set()
    this.#strict = false
    if (scopes.size === 0) {
      this.#undo = []
      return
    }
    if (!strict) {
      // Only removals: announced like a disposer's, never undone by a listener.
      this.#undo = []
      this.#announcer.announceQuietly(scopes)
      return
    }
    try {
      this.#announcer.announce(scopes)
    } catch (error) {
      this.#rollBack(0)
      this.#announcer.announceQuietly(scopes)
      throw error
    }
    this.#undo = []
  }

  #rollBack(mark: number): void {
    for (const step of this.#undo.splice(mark).reverse()) step()
  }
}

function isThenable(value: unknown): boolean {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  )
}
