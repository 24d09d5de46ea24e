import type { ToolExecution } from 'toolpipe'

/**
 * A string argument of a call, or `undefined`. Policies and guards run before `defineTool`
 * validates the arguments, so they read them defensively; a malformed call is left to validation.
 */
export function stringArgument(exec: Readonly<ToolExecution>, key: string): string | undefined {
  const args = exec.arguments
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return undefined
  const value = (args as Record<string, unknown>)[key]
  return typeof value === 'string' ? value : undefined
}
