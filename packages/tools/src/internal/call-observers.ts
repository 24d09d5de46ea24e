import type { Agent } from '@toolpipe/core'
import type { ListenerEntry } from './compose.js'
import { warnSafely } from '@toolpipe/core/internal'

/**
 * Calls every observer that applies to a call of `agent` (unscoped ones and that scope's),
 * synchronously, in registration order. A returned promise is not awaited. A throw or rejection
 * goes to `logger.warn` with `failure` as the message, and reaches neither the caller nor the
 * other observers; neither does a throwing logger. Never throws.
 *
 * @param invoke - calls one observer with the call's own arguments
 * @param failure - the message for `logger.warn`, built only when an observer fails
 */
export function callObservers<TObserver>(
  entries: readonly ListenerEntry<TObserver>[],
  agent: Agent | undefined,
  logger: { warn(message: string, ...details: unknown[]): void },
  invoke: (observer: TObserver) => unknown,
  failure: () => string,
): void {
  for (const { listener: observer, scope } of entries) {
    if (scope !== undefined && scope !== agent) continue
    try {
      const returned = invoke(observer)
      // Stryker disable next-line ConditionalExpression: a fast path; Promise.resolve(undefined) never rejects
      if (returned !== undefined) {
        Promise.resolve(returned).catch((error: unknown) => {
          warnSafely(logger, failure(), error)
        })
      }
    } catch (error) {
      warnSafely(logger, failure(), error)
    }
  }
}
