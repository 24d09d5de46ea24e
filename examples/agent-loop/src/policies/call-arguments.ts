import type { ToolExecution } from 'toolpipe'

/**
 * A string argument of a call, or `undefined`. Policies and guards only see calls whose arguments
 * passed their tool's check, but one policy serves several tools with different parameters, so it
 * reads by key (`isCallOf` would narrow to one tool's type).
 */
export function stringArgument(exec: Readonly<ToolExecution>, key: string): string | undefined {
  const args = exec.arguments
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return undefined
  const value = (args as Record<string, unknown>)[key]
  return typeof value === 'string' ? value : undefined
}
