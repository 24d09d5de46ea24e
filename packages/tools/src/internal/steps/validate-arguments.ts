import type { JsonValue } from '@toolpipe/core'
import { ToolArgsError } from '@toolpipe/schema'
import type { ToolDefinition } from '../../tool-definition.js'
import type { ToolErrorResult } from '../../tool-execution.js'
import { errorResult, failureResult } from '../error-result.js'
import { ExecutionRecord } from '../execution-record.js'
import { readArgIssues } from '../read-arg-issues.js'

/**
 * Step 4: runs the resolved tool's `checkArgs`, once, on the frozen snapshot. Returns `undefined`
 * when the arguments pass (or the tool has no check), and records on the execution which tool they
 * passed; otherwise the error result: `ToolArgsError` / `INVALID_ARGS` listing the issues, or the
 * failure of a check that threw (`TOOL_FAILED`, or the `HarnessError`'s own code) or returned
 * something that is not a list of issues (`INVALID_ARG_ISSUES`). Synchronous unless the check
 * returns a promise. Never throws.
 */
export function validateArguments(
  tool: ToolDefinition,
  exec: ExecutionRecord & { readonly arguments: JsonValue },
): ToolErrorResult | undefined | Promise<ToolErrorResult | undefined> {
  try {
    // Read once, and called below with the definition as `this`, like a method.
    const check: unknown = Reflect.get(tool, 'checkArgs')
    if (check === undefined) return judge(tool, exec, noIssues)
    if (typeof check !== 'function') {
      throw new TypeError(`the checkArgs of tool "${exec.name}" is not a function`)
    }
    const issues: unknown = Reflect.apply(check, tool, [exec.arguments])
    if (issues instanceof Promise) {
      return (issues as Promise<unknown>).then(
        (settled) => judge(tool, exec, settled),
        (error: unknown) => failureResult(error, 'tool'),
      )
    }
    return judge(tool, exec, issues)
  } catch (error) {
    return failureResult(error, 'tool')
  }
}

const noIssues: readonly never[] = Object.freeze([])

/** The verdict on what `checkArgs` returned; records a pass on the execution. Never throws. */
function judge(
  tool: ToolDefinition,
  exec: ExecutionRecord,
  issues: unknown,
): ToolErrorResult | undefined {
  try {
    const found = readArgIssues(exec.name, issues)
    if (found.length > 0) {
      const error = new ToolArgsError(found)
      return errorResult(error.message, { name: error.name, code: error.code })
    }
  } catch (error) {
    return failureResult(error, 'tool')
  }
  ExecutionRecord.recordCheck(exec, tool)
  return undefined
}
