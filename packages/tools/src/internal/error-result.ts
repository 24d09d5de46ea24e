import { deepFreeze } from '@toolpipe/core'
import { describeThrown, harnessErrorInfo } from '@toolpipe/core/internal'
import type { ToolErrorInfo } from '@toolpipe/core'
import { ListenerError } from '../listener-error.js'
import type { ToolErrorResult } from '../tool-execution.js'
import { ToolFailedError } from '../tool-failed-error.js'

/**
 * Whose code a thrown value came from, which decides the code of a thrown value that is not a
 * `HarnessError`: the tool's own code (`TOOL_FAILED`) or a listener, guard or approval service
 * (`LISTENER_FAILED`).
 */
export type FailureOrigin = 'tool' | 'listener'

/**
 * SPEC §6.3 "Error results": `Error: <message>`, `isError: true` and `error: { name, code }`,
 * deep-frozen. `name` and `code` are read once each; `message` comes from `describeThrown`.
 */
export function errorResult(message: string, error: ToolErrorInfo): ToolErrorResult {
  return deepFreeze({
    content: [{ type: 'text', text: `Error: ${message}` }],
    isError: true,
    error: { name: error.name, code: error.code },
  })
}

/** What wraps a thrown value that is not a `HarnessError`, by whose code threw it. */
const failureClass: Readonly<Record<FailureOrigin, typeof ToolFailedError | typeof ListenerError>> =
  Object.freeze({ tool: ToolFailedError, listener: ListenerError })

/**
 * The error result of a call that failed with `thrown`: a `HarnessError` keeps its own name and
 * code; anything else (or a look-alike whose name or code cannot be read as strings) is coded by
 * where it came from. Never throws, whatever `thrown` is.
 */
export function failureResult(thrown: unknown, origin: FailureOrigin): ToolErrorResult {
  if (ResultNotJson.is(thrown)) return resultNotJson()
  const own = harnessErrorInfo(thrown)
  if (own !== undefined) return errorResult(describeThrown(thrown), own)
  const wrapped = new failureClass[origin](thrown)
  return errorResult(wrapped.message, { name: wrapped.name, code: wrapped.code })
}

/**
 * The error result of a denial: `Error: <reason>`, `ToolDeniedError` with `code` (one of the
 * pipeline's, or a pre-execute decision's own, SPEC §18.4).
 */
export function deniedResult(reason: string, code: string): ToolErrorResult {
  return errorResult(reason, { name: 'ToolDeniedError', code })
}

/** Step 2's error result: the arguments are not JSON (SPEC §6.3 fixes the message). */
export function argumentsNotJson(): ToolErrorResult {
  return notJson('tool execution arguments must be losslessly JSON-serializable')
}

/** Step 11's error result: some part of the result is not JSON (SPEC §6.3 fixes the message). */
export function resultNotJson(): ToolErrorResult {
  return notJson('tool result must be losslessly JSON-serializable')
}

function notJson(message: string): ToolErrorResult {
  return errorResult(message, { name: 'JsonSnapshotError', code: 'NOT_JSON' })
}

/**
 * Thrown where plugin code hands over a part of a result that is not JSON, where returning the
 * {@link resultNotJson} result is not possible (inside a decision); {@link failureResult} turns it
 * into that result.
 */
export class ResultNotJson extends Error {
  // Stryker disable next-line BooleanLiteral: the field's presence is the brand (`#brand in value`), not its value
  readonly #brand = true

  constructor(cause: unknown) {
    super('tool result must be losslessly JSON-serializable', { cause })
  }

  /** `instanceof`, which throws for a revoked Proxy; this does not. */
  static is(value: unknown): value is ResultNotJson {
    return typeof value === 'object' && value !== null && #brand in value
  }
}
