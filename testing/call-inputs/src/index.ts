import { asCallId } from '@toolpipe/core'
import type { CallId } from '@toolpipe/core'

/** What every call input has; `ToolExecutionInput` of `@toolpipe/tools` accepts it. */
export interface CallInput {
  readonly callId: CallId
  readonly name: string
  readonly arguments: unknown
}

let made = 0

/**
 * A call input for `registry.execute` with a fresh call id (`call_1`, `call_2`, … across the test
 * file), the tool's name, its arguments (`{}` when not given) and whatever `rest` adds or
 * overrides (an agent, a signal, a call id of its own).
 */
export function callInput(name: string, args?: unknown): CallInput
export function callInput<TRest extends object>(
  name: string,
  args: unknown,
  rest: TRest,
): CallInput & TRest
export function callInput(name: string, args: unknown = {}, rest: object = {}): CallInput {
  made++
  return { callId: asCallId(`call_${made}`), name, arguments: args, ...rest }
}
