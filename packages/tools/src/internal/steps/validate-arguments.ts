import type { JsonValue } from '@toolpipe/core'
import { ToolArgsError } from '@toolpipe/schema'
import { ToolCancelledError } from '../../tool-cancelled-error.js'
import type { ToolDefinition } from '../../tool-definition.js'
import type { ToolErrorResult } from '../../tool-execution.js'
import { ToolPipelineError } from '../../tool-pipeline-error.js'
import { describeValue } from '../checks.js'
import { copyJson, notJson } from '../copy-json.js'
import { errorResult, failureResult } from '../error-result.js'
import { ExecutionRecord } from '../execution-record.js'
import { parserOf } from '../parse-args.js'
import type { Pipeline } from '../pipeline.js'
import { readArgIssues } from '../read-arg-issues.js'

/**
 * Step 4: normalizes the frozen snapshot with the resolved tool's `normalizeArgs` (`defineTool`
 * tools: a strict model's `null` for a left-out member is removed, SPEC §9.3), or, for a tool
 * without one, with the same step read from its `parameters` (SPEC §22), then
 * runs its `checkArgs`, once, on that value. When the arguments pass (or the tool has no check),
 * the normalized, deep-frozen value becomes `exec.arguments`, and the execution records which
 * tool they passed, so policies, guards, the approval card and the body all see the same
 * validated value; returns `undefined`. Otherwise the error result: `ToolArgsError` /
 * `INVALID_ARGS` listing the issues, or the failure of a normalizer or check that threw
 * (`TOOL_FAILED`, or the `HarnessError`'s own code) or returned something unusable
 * (`INVALID_NORMALIZED_ARGS`, `INVALID_ARG_ISSUES`). Synchronous unless the check returns a
 * promise; a pending check is not waited for once the call's signal aborts (`ToolCancelledError`,
 * `CANCELLED`), and what it settles to afterwards changes nothing. Never throws.
 *
 * Step 6 runs it again, by the same rules, on arguments a person edited when approving the call
 * (SPEC §12.3, `edited`): when they pass they replace `exec.arguments`; when they do not, the
 * `INVALID_ARGS` message says that the edit was refused, and the tool does not run.
 *
 * SPEC §18.4: a `tools/pre-execute` decision that carries `arguments` is checked the same way,
 * before the approval.
 *
 * @param edited - the edited arguments (deep-frozen JSON) to check instead of `exec.arguments`
 * @param editedBy - who edited them: a person at approval, or a pre-execute decision
 */
export function validateArguments(
  pipeline: Pipeline,
  tool: ToolDefinition,
  exec: ExecutionRecord & { readonly arguments: JsonValue },
  edited?: JsonValue,
  editedBy: EditOrigin = 'approval',
): ToolErrorResult | undefined | Promise<ToolErrorResult | undefined> {
  try {
    const args = normalizedArguments(
      pipeline,
      tool,
      exec,
      edited === undefined ? exec.arguments : edited,
    )
    // Read once, and called below with the definition as `this`, like a method.
    const check: unknown = Reflect.get(tool, 'checkArgs')
    const origin = edited === undefined ? 'call' : editedBy
    if (check === undefined) return judge(tool, exec, args, noIssues, origin)
    if (typeof check !== 'function') {
      throw new TypeError(`the checkArgs of tool "${exec.name}" is not a function`)
    }
    // A Standard Schema tool's check also hands over its output, for the body (SPEC §10).
    const parse = parserOf(check)
    const issues: unknown =
      parse === undefined
        ? Reflect.apply(check, tool, [args])
        : parse(args, (value) => {
            ExecutionRecord.accept(exec, value)
          })
    if (issues instanceof Promise) {
      return untilAborted(pipeline, exec, issues as Promise<unknown>).then(
        (settled) =>
          settled === aborted ? cancelled(exec.name) : judge(tool, exec, args, settled, origin),
        (error: unknown) => failureResult(error, 'tool'),
      )
    }
    return judge(tool, exec, args, issues, origin)
  } catch (error) {
    return failureResult(error, 'tool')
  }
}

/** Who edited a call's arguments after the model made it. */
export type EditOrigin = 'approval' | 'policy'

const editedWhere: Readonly<Record<EditOrigin, string>> = Object.freeze({
  approval: 'invalid arguments edited at approval',
  policy: 'invalid arguments edited by a tools/pre-execute decision',
})

const noIssues: readonly never[] = Object.freeze([])

/** What {@link untilAborted} settles to when the call's signal aborted first. */
const aborted: unique symbol = Symbol('aborted')

/**
 * `pending`, or {@link aborted} as soon as the call's signal aborts (at once if it already has),
 * through the pipeline's one listener per signal.
 */
function untilAborted(
  pipeline: Pipeline,
  exec: ExecutionRecord,
  pending: Promise<unknown>,
): Promise<unknown> {
  const signal = exec.signal
  if (signal === undefined) return pending
  if (signal.aborted) {
    // Settled later, the check must not become an unhandled rejection.
    pending.catch(() => undefined)
    return Promise.resolve(aborted)
  }
  let unsubscribe = (): void => undefined
  const abortion = new Promise<typeof aborted>((resolve) => {
    unsubscribe = pipeline.cancellation.subscribe(signal, () => {
      resolve(aborted)
    })
  })
  return Promise.race([pending, abortion]).finally(() => {
    unsubscribe()
  })
}

function cancelled(toolName: string): ToolErrorResult {
  // Stryker disable next-line StringLiteral: ToolCancelledError tells 'batch' apart from every other stage
  const error = new ToolCancelledError(toolName, 'check')
  return errorResult(error.message, { name: error.name, code: error.code })
}

/**
 * The arguments as the tool's `normalizeArgs` (read once, called with the definition as `this`)
 * returns them, deep-frozen; without one, as the null→absent step read from the tool's
 * `parameters` returns them (SPEC §22: every tool whose JSON Schema the registry knows, a
 * mounted MCP tool's among them). The snapshot itself when nothing changes.
 *
 * @throws what the normalizer throws, or `ToolPipelineError` (`INVALID_NORMALIZED_ARGS`) when it
 * returns something that is not JSON data
 */
function normalizedArguments(
  pipeline: Pipeline,
  tool: ToolDefinition,
  exec: ExecutionRecord,
  args: JsonValue,
): JsonValue {
  const normalize: unknown = Reflect.get(tool, 'normalizeArgs')
  let normalized: unknown
  if (normalize === undefined) {
    normalized = pipeline.normalizers.of(tool)(args)
  } else if (typeof normalize !== 'function') {
    throw new TypeError(`the normalizeArgs of tool "${exec.name}" is not a function`)
  } else {
    normalized = Reflect.apply(normalize, tool, [args])
  }
  // Stryker disable next-line ConditionalExpression: a fast path; the copy of the same frozen JSON is equal to it
  if (normalized === args) return args
  const copy = normalized instanceof Promise ? notJson : copyJson(normalized)
  if (copy === notJson) {
    throw new ToolPipelineError(
      `the normalizeArgs of tool "${exec.name}" returned ${describeValue(normalized)}; expected the arguments as JSON data, synchronously`,
      'INVALID_NORMALIZED_ARGS',
    )
  }
  return copy
}

/**
 * The verdict on what `checkArgs` returned; records a pass on the execution, whose arguments
 * become `args`. Never throws.
 *
 * @param origin - whose arguments were checked: the model's call, or a person's edit at approval
 */
function judge(
  tool: ToolDefinition,
  exec: ExecutionRecord,
  args: JsonValue,
  issues: unknown,
  origin: 'call' | EditOrigin,
): ToolErrorResult | undefined {
  try {
    const found = readArgIssues(exec.name, issues)
    if (found.length > 0) {
      const error = new ToolArgsError(found)
      const message =
        origin === 'call'
          ? error.message
          : // The same words as the error's, each issue placed (SPEC §10: a library's own message).
            `${editedWhere[origin]}: ${error.message.slice('invalid arguments: '.length)}`
      return errorResult(message, { name: error.name, code: error.code })
    }
  } catch (error) {
    // Stryker disable next-line StringLiteral: readArgIssues throws only ToolPipelineError, a HarnessError that keeps its own code whatever the origin
    return failureResult(error, 'tool')
  }
  // Stryker disable next-line ConditionalExpression: a fast path; replacing the arguments with themselves changes nothing
  if (args !== exec.arguments) ExecutionRecord.replaceArguments(exec, args)
  ExecutionRecord.recordCheck(exec, tool)
  return undefined
}
