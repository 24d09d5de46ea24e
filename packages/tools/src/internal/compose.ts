import type { Agent } from '@toolpipe/core'

/** One registered listener, with the scope it is limited to (undefined: every call). */
export interface ListenerEntry<TListener> {
  readonly listener: TListener
  readonly scope: Agent | undefined
}

/**
 * Runs a waterfall: each listener receives a `next()` that runs the rest of the chain and resolves
 * to its value. Not calling `next()` short-circuits; calling it again runs the rest again (a retry
 * wrapper does exactly that). Listeners limited to another scope are passed over. Whatever a
 * listener returns goes through `check` before the listener outside it sees it, unless it is the
 * very value its `next()` last resolved to: `check` and `innermost` give frozen values the
 * listener cannot have changed.
 *
 * @param entries - the listeners, outermost first; the array is not read again after it changes
 * @param agent - the call's scope
 * @param invoke - calls one listener with the call's own arguments and `next`
 * @param check - returns a fresh, frozen copy of the value if it is well-formed, else throws
 * @param innermost - the default behaviour at the bottom of the chain; returns frozen values
 */
export function runWaterfall<TListener, TValue>(
  entries: readonly ListenerEntry<TListener>[],
  agent: Agent | undefined,
  invoke: (listener: TListener, next: () => Promise<TValue>) => TValue | Promise<TValue>,
  check: (value: unknown) => TValue,
  innermost: () => TValue | Promise<TValue>,
): Promise<TValue> {
  const dispatch = (from: number): Promise<TValue> => {
    // Stryker disable next-line EqualityOperator: one step past the end reads undefined, which the entry test below skips
    for (let index = from; index < entries.length; index++) {
      const entry = entries[index]
      if (entry === undefined || (entry.scope !== undefined && entry.scope !== agent)) continue
      // What `next()` last resolved to was checked already (or is the trusted default): a
      // listener that passes it on unchanged is not checked again.
      let fromNext: TValue | undefined
      const next = (): Promise<TValue> => {
        const rest = dispatch(index + 1).then((value) => (fromNext = value))
        // A listener that drops this promise must not turn its rejection into an unhandled
        // one (which ends a Node process); one that awaits it still sees the rejection.
        rest.catch(ignore)
        return rest
      }
      return attempt(() => invoke(entry.listener, next)).then((value) =>
        value === fromNext && value !== undefined ? value : check(value),
      )
    }
    return attempt(innermost)
  }
  return dispatch(0)
}

/** Whether any entry applies to a call of `agent`: the pipeline skips the machinery otherwise. */
export function hasListenerFor(
  entries: readonly ListenerEntry<unknown>[],
  agent: Agent | undefined,
): boolean {
  // Stryker disable next-line ConditionalExpression: a fast path; running the chain with no listener for the call gives its default ("→ false" for the agent test skips the call's own listeners and fails the tests)
  for (const entry of entries) if (entry.scope === undefined || entry.scope === agent) return true
  // Stryker disable next-line BooleanLiteral: a fast path; running the chain with no listener for the call gives its default
  return false
}

function ignore(): void {
  // See `next` above.
}

/** A promise of `run()`'s value, whether it returns, resolves, throws or rejects. */
async function attempt<TValue>(run: () => TValue | Promise<TValue>): Promise<TValue> {
  return run()
}
