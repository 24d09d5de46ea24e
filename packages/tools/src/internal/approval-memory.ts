import type { Agent } from '@toolpipe/core'
import type { ApprovalOutcome } from '../approval.js'

/** An always-answer, as remembered. */
export type RememberedOutcome = Extract<
  ApprovalOutcome,
  { kind: 'allowed-always' } | { kind: 'rejected-always' }
>

/** Whether a memory was cleared: set once, never unset. */
interface Clearing {
  cleared: boolean
}

/** The always-answers of one scope, by tool name. */
interface ScopeMemory extends Clearing {
  readonly answers: Map<string, RememberedOutcome>
  /** The registry-wide generation it belongs to: `forget()` without a scope clears them all. */
  readonly generation: Clearing
}

/**
 * What the person answered "always" to (SPEC §12.3): per (scope, tool name), where the scope is
 * the call's agent. Kept per registry, weakly per agent (an agent that is dropped takes its
 * answers with it); cleared for a scope when its handle is disposed, and by `forgetApprovals`.
 *
 * An answer that arrives after its scope's memory was cleared (the scope was disposed while the
 * person was still deciding) applies to its own call only: it is not remembered, so a disposed
 * scope never starts remembering again on its own.
 */
export class ApprovalMemory {
  #scopes = new WeakMap<Agent, ScopeMemory>()
  #generation: Clearing = { cleared: false }

  /** The remembered answer for `toolName` in `agent`'s scope, if any. */
  recall(agent: Agent, toolName: string): RememberedOutcome | undefined {
    return this.#scopes.get(agent)?.answers.get(toolName)
  }

  /**
   * Taken before the service is asked: what {@link remember} writes into, valid only while the
   * scope's memory is not cleared meanwhile.
   */
  ticket(agent: Agent): ScopeMemory {
    let memory = this.#scopes.get(agent)
    if (memory === undefined) {
      memory = { answers: new Map(), cleared: false, generation: this.#generation }
      this.#scopes.set(agent, memory)
    }
    return memory
  }

  /** Remembers an always-answer, unless the scope's memory was cleared since `ticket`. */
  remember(ticket: ScopeMemory, toolName: string, outcome: RememberedOutcome): void {
    if (!ticket.cleared && !ticket.generation.cleared) ticket.answers.set(toolName, outcome)
  }

  /** Forgets `agent`'s answers, or every scope's when `agent` is `undefined`. */
  forget(agent: Agent | undefined): void {
    if (agent === undefined) {
      // A weak map cannot be walked: every scope's memory, pending tickets included, belongs to
      // the current generation, which is cleared as a whole.
      this.#generation.cleared = true
      this.#generation = { cleared: false }
      this.#scopes = new WeakMap()
      return
    }
    const memory = this.#scopes.get(agent)
    if (memory === undefined) return
    memory.cleared = true
    this.#scopes.delete(agent)
  }
}
