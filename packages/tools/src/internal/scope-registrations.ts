import type { Agent } from '@toolpipe/core'
import type { Disposer } from '../disposer.js'
import { ToolRegistryError } from '../tool-registry-error.js'
import type { RegistryInternals } from './registry-internals.js'
import type { Reversible } from './reversible.js'

interface TrackedRegistration {
  readonly registration: Reversible
  /** Whether removing it changes the tool set (a tool or a restriction, not a guard or listener). */
  readonly isChange: boolean
}

/**
 * What a scope handle (`registry.scope(agent)`) registered and still holds, so that its
 * `dispose()` removes them all; every step is journaled, so a failed batch takes back an
 * addition, puts back a removal, and reopens a handle it disposed.
 */
export class ScopeRegistrations {
  readonly #agent: Agent
  readonly #internals: RegistryInternals
  /** What is still registered through the handle. */
  readonly #live = new Set<TrackedRegistration>()
  #disposed = false

  constructor(agent: Agent, internals: RegistryInternals) {
    this.#agent = agent
    this.#internals = internals
  }

  /** Refuses (`SCOPE_DISPOSED`) a registration through a disposed handle. */
  assertOpen(): void {
    if (this.#disposed) {
      throw new ToolRegistryError(
        `the scope of agent "${this.#agent.id}" was disposed; create a new one with registry.scope(agent)`,
        'SCOPE_DISPOSED',
      )
    }
  }

  /**
   * Tracks a registration just made through the handle; a change (`isChange`) is announced,
   * rolled back if a listener throws. The disposer removes it and announces quietly.
   */
  track(registration: Reversible, isChange: boolean): Disposer {
    const internals = this.#internals
    const agent = this.#agent
    const live = this.#live
    const tracked: TrackedRegistration = { registration, isChange }
    live.add(tracked)
    internals.journal(() => {
      live.delete(tracked)
      registration.remove()
    })
    if (isChange) {
      try {
        internals.emitChange(agent)
      } catch (error) {
        live.delete(tracked)
        registration.remove()
        internals.emitChangeQuietly(agent)
        throw error
      }
    }
    return () => {
      if (!live.delete(tracked)) return
      registration.remove()
      internals.journal(() => {
        live.add(tracked)
        registration.restore()
      })
      if (isChange) internals.emitChangeQuietly(agent)
    }
  }

  /** Removes everything still held, forgets the agent's approvals and announces once. */
  dispose(): void {
    if (this.#disposed) return
    this.#disposed = true
    const live = this.#live
    const removed = [...live]
    live.clear()
    for (const { registration } of removed) registration.remove()
    this.#internals.journal(() => {
      this.#disposed = false
      for (const tracked of removed) {
        live.add(tracked)
        tracked.registration.restore()
      }
    })
    this.#internals.forgetApprovals(this.#agent)
    this.#internals.emitChangeQuietly(this.#agent)
  }
}
