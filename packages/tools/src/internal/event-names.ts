import type { ToolEventName } from '../tool-events.js'

/** The registry's built-in events, in the order a call meets them (`tools/change` aside). */
export const eventNames: readonly ToolEventName[] = Object.freeze([
  'tools/start',
  'tools/pre-execute',
  'tools/approval',
  'tools/execute',
  'tools/progress',
  'tools/post-execute',
  'tools/result',
  'tools/decision',
  'tools/change',
])

/** Whether `event` is one of the registry's own events, which no plugin may notify. */
export function isBuiltInEvent(event: string): event is ToolEventName {
  return (eventNames as readonly string[]).includes(event)
}
