/**
 * `tool call timed out after 200ms`: SPEC §7's words, with the tool's own `timeoutMs`, whichever
 * deadline passed (with `extendOnProgress`, the reason's `withoutProgress` and `maxTotalMs` say
 * which; the result text never does).
 */
export function timeoutMessage(timeoutMs: number): string {
  return `tool call timed out after ${String(timeoutMs)}ms`
}
