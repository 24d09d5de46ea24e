import type { Agent } from '@toolpipe/core'
import type { ApprovalOutcome } from '../approval.js'

/** An always-answer, as remembered. */
export type RememberedOutcome = Extract<
  ApprovalOutcome,
  { kind: 'allowed-always' } | { kind: 'rejected-always' }
>

/** The always-answers of one scope, by tool name. */
type ScopeMemory = Map<string, RememberedOutcome>

/**
 * What the person answered "always" to (SPEC §12.3): per (scope, tool name), where the scope is
 * the call's agent. Kept per registry, weakly per agent (an agent that is dropped takes its
 * answers with it); cleared for a scope when its handle is disposed, and by `forgetApprovals`.
 *
 * An answer that arrives after its scope's memory was cleared (the scope was disposed while the
 * person was still deciding) applies to its own call only: it is written into the memory the scope
 * had when the service was asked, which clearing detached for good (a later call of the scope
 * starts a new one), so a disposed scope never starts remembering again on its own.
 */
export class ApprovalMemory {
  #scopes = new WeakMap<Agent, ScopeMemory>()

  /** The remembered answer for `toolName` in `agent`'s scope, if any. */
  recall(agent: Agent, toolName: string): RememberedOutcome | undefined {
    return this.#scopes.get(agent)?.get(toolName)
  }

  /**
   * Taken before the service is asked: the scope's memory now, which {@link remember} writes into.
   * Once the scope's memory is cleared, nothing reads it any more.
   */
  ticket(agent: Agent): ScopeMemory {
    let memory = this.#scopes.get(agent)
    if (memory === undefined) {
      memory = new Map()
      this.#scopes.set(agent, memory)
    }
    return memory
  }

  /** Remembers an always-answer in the memory `ticket` took (a cleared one is read no more). */
  remember(ticket: ScopeMemory, toolName: string, outcome: RememberedOutcome): void {
    ticket.set(toolName, outcome)
  }

  /** Forgets `agent`'s answers, or every scope's when `agent` is `undefined`. */
  forget(agent: Agent | undefined): void {
    if (agent === undefined) {
      // A weak map cannot be walked: every scope's memory, pending tickets included, is detached
      // at once.
      this.#scopes = new WeakMap()
      return
    }
    this.#scopes.delete(agent)
  }
}
