import { snapshotJson } from '@toolpipe/core'
import type { JsonObject } from '@toolpipe/core'
import {
  describeThrown,
  describeType,
  formatJsonPath,
  isPlainObject,
} from '@toolpipe/core/internal'
import type { HookEventName, HooksDialect } from '../hooks-settings.js'
import type { HookAnswer } from './hook-answer.js'

/** What a hook's JSON answer is read for. */
export interface JsonAnswerContext {
  readonly dialect: HooksDialect
  readonly moment: 'pre' | 'success' | 'failure'
  /** The `hookSpecificOutput.hookEventName` the answer may carry. */
  readonly event: HookEventName
  /** The reason of a deny or block that gives none. */
  readonly defaultReason: string
}

/** A field of the answer that is not what the protocol allows. */
class NotAnAnswer extends Error {}

/**
 * Reads a hook's JSON answer (the parsed stdout of an exit 0) by its dialect's protocol:
 *
 * - both: `continue: false` with `stopReason` (stop), `systemMessage`, `suppressOutput` (kept
 *   for the hook's sake, nothing to hide here), `reason`, `hookSpecificOutput.additionalContext`;
 * - Claude Code before the call: `hookSpecificOutput.permissionDecision` (`allow` | `deny` |
 *   `ask`) with `permissionDecisionReason`, `hookSpecificOutput.updatedInput` (replaces the
 *   arguments), and the deprecated top-level `decision` (`approve` | `block`) when
 *   `permissionDecision` is absent; after it, `decision: "block"` with `reason`;
 * - Gemini CLI: top-level `decision` (`allow` | `approve` | `ask` | `deny` | `block`) with
 *   `reason`, before the call `hookSpecificOutput.tool_input` (merged into the arguments).
 *
 * A field of the wrong type or value makes the whole answer a non-blocking error (`problem`,
 * naming the field by its JSON path): a half-read answer could deny less than the hook meant.
 * Unknown fields are ignored. `answer` is plain data from `JSON.parse`.
 */
export function readHookJson(answer: JsonObject, context: JsonAnswerContext): HookAnswer {
  try {
    return read(answer, context)
  } catch (error) {
    if (!(error instanceof NotAnAnswer)) throw error
    return { problem: `answered JSON that is not a hook answer: ${error.message}` }
  }
}

function read(answer: JsonObject, context: JsonAnswerContext): HookAnswer {
  const proceed = optional(answer, ['continue'], 'boolean')
  const stopReason = optional(answer, ['stopReason'], 'string')
  const systemMessage = optional(answer, ['systemMessage'], 'string')
  optional(answer, ['suppressOutput'], 'boolean')
  const reason = optional(answer, ['reason'], 'string')
  const decision = optional(answer, ['decision'], 'string')
  const specific = answer.hookSpecificOutput
  if (specific !== undefined && !isPlainObject(specific)) {
    fail(['hookSpecificOutput'], 'an object', specific)
  }
  const own = specific ?? {}
  const event = optional(own, ['hookSpecificOutput', 'hookEventName'], 'string')
  if (event !== undefined && event !== context.event) {
    throw new NotAnAnswer(
      `$.hookSpecificOutput.hookEventName is "${event}", but the hook ran for ${context.event}`,
    )
  }
  const additionalContext = optional(own, ['hookSpecificOutput', 'additionalContext'], 'string')

  const common: HookAnswer = {
    ...(proceed === false ? { stop: stopReason ?? '' } : {}),
    ...(systemMessage === undefined ? {} : { systemMessage }),
    ...(additionalContext === undefined ? {} : { additionalContext }),
  }
  if (context.moment !== 'pre') {
    const blocks =
      context.dialect === 'gemini'
        ? oneOf(decision, ['decision'], ['allow', 'approve', 'ask', 'deny', 'block'])
        : oneOf(decision, ['decision'], ['approve', 'block'])
    return blocks === 'deny' || blocks === 'block'
      ? { ...common, block: true, reason: reason ?? context.defaultReason }
      : common
  }
  if (context.dialect === 'gemini') {
    const permission = oneOf(decision, ['decision'], ['allow', 'approve', 'ask', 'deny', 'block'])
    const patch = inputObject(own, 'tool_input')
    return {
      ...common,
      ...preDecision(permission, reason, context),
      ...(patch === undefined ? {} : { updatedInput: patch, patch: true }),
    }
  }
  const permission =
    oneOf(
      optional(own, ['hookSpecificOutput', 'permissionDecision'], 'string'),
      ['hookSpecificOutput', 'permissionDecision'],
      ['allow', 'deny', 'ask'],
    ) ?? oneOf(decision, ['decision'], ['approve', 'block'])
  const permissionReason =
    optional(own, ['hookSpecificOutput', 'permissionDecisionReason'], 'string') ?? reason
  const updatedInput = inputObject(own, 'updatedInput')
  return {
    ...common,
    ...preDecision(permission, permissionReason, context),
    ...(updatedInput === undefined ? {} : { updatedInput }),
  }
}

/** A decision before the call, in this package's three words. */
function preDecision(
  decision: string | undefined,
  reason: string | undefined,
  context: JsonAnswerContext,
): Pick<HookAnswer, 'permission' | 'reason'> {
  switch (decision) {
    case 'deny':
    case 'block':
      return { permission: 'deny', reason: reason ?? context.defaultReason }
    case 'ask':
      return { permission: 'ask', ...(reason === undefined ? {} : { reason }) }
    case 'allow':
    case 'approve':
      return { permission: 'allow', ...(reason === undefined ? {} : { reason }) }
    default:
      return {}
  }
}

/** `hookSpecificOutput[key]` as new arguments: an object, at most 512 levels deep, frozen. */
function inputObject(specific: JsonObject, key: string): JsonObject | undefined {
  const value = specific[key]
  if (value === undefined) return undefined
  if (!isPlainObject(value)) fail(['hookSpecificOutput', key], 'an object', value)
  try {
    return snapshotJson(value, { freeze: true }) as JsonObject
  } catch (error) {
    throw new NotAnAnswer(`$.hookSpecificOutput.${key} cannot be used: ${describeThrown(error)}`)
  }
}

function optional<TType extends 'string' | 'boolean'>(
  object: JsonObject,
  path: readonly string[],
  type: TType,
): (TType extends 'string' ? string : boolean) | undefined {
  const value = object[path.at(-1) ?? '']
  if (value === undefined) return undefined
  if (typeof value !== type) fail(path, `a ${type}`, value)
  return value as (TType extends 'string' ? string : boolean) | undefined
}

function oneOf(
  value: string | undefined,
  path: readonly string[],
  allowed: readonly string[],
): string | undefined {
  if (value === undefined || allowed.includes(value)) return value
  throw new NotAnAnswer(
    `${formatJsonPath(path)} must be ${allowed.map((word) => `"${word}"`).join(', ')}, got "${value}"`,
  )
}

function fail(path: readonly string[], expected: string, value: unknown): never {
  throw new NotAnAnswer(`${formatJsonPath(path)} must be ${expected}, got ${describeType(value)}`)
}
