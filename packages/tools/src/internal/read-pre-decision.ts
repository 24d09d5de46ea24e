import type { JsonValue } from '@toolpipe/core'
import type { PreToolDecision } from '../tool-decisions.js'
import { ToolPipelineError } from '../tool-pipeline-error.js'
import { describeValue, invalidDecision } from './checks.js'
import { copyJson, notJson } from './copy-json.js'
import { readMembers } from './read-members.js'

const event = 'tools/pre-execute'
const allow: PreToolDecision = Object.freeze({ kind: 'allow' })
const expected =
  "{ kind: 'allow', arguments? } | { kind: 'deny', reason, code? } | { kind: 'ask', reason?, arguments?, remember? }"

/** A deny code: what `ToolDeniedError` carries as `code` (SPEC §18.4). */
const codePattern = /^[A-Z][A-Z0-9_]{0,63}$/u

/**
 * Reads what a `tools/pre-execute` listener returned, each member once, into a fresh frozen
 * decision: the pipeline never looks at the listener's object again. Edited `arguments` are
 * copied as deep-frozen JSON here, so the listener cannot change them afterwards.
 *
 * @throws `ToolPipelineError` (`INVALID_DECISION`) for anything that is not a decision
 */
export function readPreDecision(value: unknown): PreToolDecision {
  const members = readMembers(
    value,
    ['kind', 'reason', 'code', 'arguments', 'remember'],
    `a ${event} listener's decision`,
  )
  if (members === undefined) throw invalidDecision(event, value, expected)
  const { kind, reason, code, remember } = members
  switch (kind) {
    case 'allow': {
      const edited = readArguments(members.arguments)
      return edited === undefined ? allow : Object.freeze({ kind, arguments: edited })
    }
    case 'deny':
      if (typeof reason !== 'string') break
      if (code === undefined) return Object.freeze({ kind, reason })
      if (typeof code === 'string' && codePattern.test(code)) {
        return Object.freeze({ kind, reason, code })
      }
      throw new ToolPipelineError(
        `a ${event} listener denied with code ${describeValue(code)}; a code is 1 to 64 upper-case letters, digits and underscores, starting with a letter`,
        'INVALID_DECISION',
      )
    case 'ask': {
      if (reason !== undefined && typeof reason !== 'string') break
      if (remember !== undefined && typeof remember !== 'boolean') break
      const edited = readArguments(members.arguments)
      return Object.freeze({
        kind,
        ...(reason === undefined ? {} : { reason }),
        ...(edited === undefined ? {} : { arguments: edited }),
        ...(remember === undefined ? {} : { remember }),
      })
    }
  }
  throw invalidDecision(event, value, expected)
}

/** A decision's edited arguments as deep-frozen JSON, or `undefined` when it has none. */
function readArguments(value: unknown): JsonValue | undefined {
  if (value === undefined) return undefined
  const copy = copyJson(value)
  if (copy === notJson) {
    throw new ToolPipelineError(
      `a ${event} listener's decision carries arguments that are not JSON data`,
      'INVALID_DECISION',
    )
  }
  return copy
}
