import type { Agent } from '@toolpipe/core'
import { warnSafely } from '@toolpipe/core/internal'
import type { WarnLogger } from '@toolpipe/core/internal'
import type { ChangeListener } from '../tool-events.js'
import type { BatchAnnouncer } from './change-batch.js'
import type { ListenerList } from './listener-list.js'

/** How `tools/change` is told of a change in some scopes (`undefined`: the global layer). */
export interface ChangeAnnouncer extends BatchAnnouncer {
  /** Tells the listeners concerned; the first throw propagates. */
  announce(scopes: Iterable<Agent | undefined>): void
  /** Tells the listeners concerned; throws are logged. */
  announceQuietly(scopes: Iterable<Agent | undefined>): void
}

/** Announces changes to `listeners`, logging through `logger` the throws a quiet one swallows. */
export function changeAnnouncer(
  listeners: ListenerList<ChangeListener>,
  logger: WarnLogger,
): ChangeAnnouncer {
  return {
    announce(scopes) {
      for (const listener of concerned(listeners, scopes)) listener()
    },
    announceQuietly(scopes) {
      for (const listener of concerned(listeners, scopes)) {
        try {
          listener()
        } catch (error) {
          warnSafely(logger, 'toolpipe: a tools/change listener failed', error)
        }
      }
    },
  }
}

/**
 * The change listeners that care about a change in one of `scopes` (undefined: the global
 * layer), each once, in order: an unscoped listener hears every change, a scoped one its scope's
 * and the global layer's.
 */
function* concerned(
  listeners: ListenerList<ChangeListener>,
  scopes: Iterable<Agent | undefined>,
): Generator<ChangeListener> {
  const all = [...scopes]
  for (const entry of listeners.entries) {
    if (
      entry.scope === undefined ||
      all.some((scope) => scope === undefined || entry.scope === scope)
    ) {
      yield entry.listener
    }
  }
}
