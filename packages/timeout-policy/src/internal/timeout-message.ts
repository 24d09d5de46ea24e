/** `tool call timed out after 200ms`, or `… after 200ms without progress`. */
export function timeoutMessage(timeoutMs: number, withoutProgress: boolean): string {
  return `tool call timed out after ${String(timeoutMs)}ms${withoutProgress ? ' without progress' : ''}`
}
