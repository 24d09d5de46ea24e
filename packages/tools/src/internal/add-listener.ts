import type { Agent } from '@toolpipe/core'
import { describeValue } from '@toolpipe/core/internal'
import type { PluginObserver } from '../tool-events.js'
import { ToolRegistryError } from '../tool-registry-error.js'
import { eventNames, isBuiltInEvent } from './event-names.js'
import { ListenerList } from './listener-list.js'
import type { ListenerPlace } from './listener-list.js'
import type { RegistryParts } from './registry-parts.js'
import type { Reversible } from './reversible.js'

/**
 * Adds `listener` to a built-in event's listeners, or as an observer of a plugin's event (SPEC
 * §19), whose list is made when first listened to; returns its handle. Refuses
 * (`INVALID_LISTENER`) an event name that is not a non-empty string and a listener that is not a
 * function.
 */
export function addListener(
  parts: Pick<RegistryParts, 'listeners' | 'pluginObservers'>,
  event: unknown,
  listener: unknown,
  scope: Agent | undefined,
  place: ListenerPlace,
): Reversible {
  if (typeof event !== 'string' || event === '') {
    throw new ToolRegistryError(
      `an event name must be a non-empty string, got ${describeValue(event)}; the built-in events are ${eventNames.join(', ')}`,
      'INVALID_LISTENER',
    )
  }
  if (typeof listener !== 'function') {
    throw new ToolRegistryError(`a ${event} listener must be a function`, 'INVALID_LISTENER')
  }
  if (isBuiltInEvent(event)) {
    return (parts.listeners[event] as ListenerList<unknown>).add(listener, scope, place)
  }
  let observers = parts.pluginObservers.get(event)
  if (observers === undefined) {
    observers = new ListenerList()
    parts.pluginObservers.set(event, observers)
  }
  return observers.add(listener as PluginObserver<unknown>, scope, place)
}

/**
 * Where `options` put a listener (`prepend`: first; `innermost`: inside all others). Refuses
 * (`INVALID_LISTENER`) both at once, which would be two places.
 */
export function placeOf(
  options: { readonly prepend?: unknown; readonly innermost?: unknown } | undefined,
): ListenerPlace {
  const prepend = options?.prepend === true
  const innermost = options?.innermost === true
  if (prepend && innermost) {
    throw new ToolRegistryError(
      'a listener is either prepended (outermost) or innermost, not both',
      'INVALID_LISTENER',
    )
  }
  return prepend ? 'first' : innermost ? 'innermost' : 'last'
}
