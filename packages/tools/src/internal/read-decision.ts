import { describeThrown, describeValue } from '@toolpipe/core/internal'
import type { ToolDecision, ToolDecisionSource } from '../tool-decision.js'
import { ToolPipelineError } from '../tool-pipeline-error.js'

const stages = ['restriction', 'rule', 'policy', 'hook', 'guard', 'approval', 'post']
const outcomes = ['allow', 'ask', 'deny', 'edit', 'block']
const what = 'a reported decision'

/**
 * Whether `value` is one of `stages`. A `switch` on the literals, not a `Set`: a plugin reports
 * on every call, and comparing interned strings costs a fraction of a hash lookup.
 */
function isStage(value: unknown): boolean {
  switch (value) {
    case 'restriction':
    case 'rule':
    case 'policy':
    case 'hook':
    case 'guard':
    case 'approval':
    case 'post':
      return true
    default:
      return false
  }
}

/** Whether `value` is one of `outcomes` (see {@link isStage}). */
function isOutcome(value: unknown): boolean {
  switch (value) {
    case 'allow':
    case 'ask':
    case 'deny':
    case 'edit':
    case 'block':
      return true
    default:
      return false
  }
}

/**
 * Reads a decision a plugin reports (`registry.reportDecision`), each member once, into a fresh
 * frozen one: observers never see the plugin's object, nor anything it adds.
 *
 * @throws `ToolPipelineError` (`INVALID_DECISION`) naming the member that is wrong
 */
export function readDecision(value: unknown): ToolDecision
/** With `keep` false, only checks it (nobody will read the copy): nothing is allocated. */
export function readDecision(value: unknown, keep: boolean): ToolDecision | undefined
export function readDecision(value: unknown, keep = true): ToolDecision | undefined {
  if (typeof value !== 'object' || value === null) {
    throw invalid(`${what} must be an object, got ${describeValue(value)}`)
  }
  let stage: unknown, outcome: unknown, source: unknown, reason: unknown
  try {
    // Each member read once, in this order: a getter or Proxy trap cannot show the checks one
    // value and the observers another.
    ;({ stage, outcome, source, reason } = value as Record<string, unknown>)
  } catch (error) {
    throw unreadable(what, error)
  }
  if (!isStage(stage)) {
    throw invalid(
      `${what}'s stage must be one of ${stages.map((name) => JSON.stringify(name)).join(', ')}, got ${describeValue(stage)}`,
    )
  }
  if (!isOutcome(outcome)) {
    throw invalid(
      `${what}'s outcome must be one of ${outcomes.map((name) => JSON.stringify(name)).join(', ')}, got ${describeValue(outcome)}`,
    )
  }
  if (reason !== undefined && typeof reason !== 'string') {
    throw invalid(`${what}'s reason must be a string when present, got ${describeValue(reason)}`)
  }
  const read = readSource(source, keep)
  if (read === undefined) return undefined
  return reason === undefined
    ? Object.freeze({
        stage: stage as ToolDecision['stage'],
        outcome: outcome as ToolDecision['outcome'],
        source: read,
      })
    : Object.freeze({
        stage: stage as ToolDecision['stage'],
        outcome: outcome as ToolDecision['outcome'],
        source: read,
        reason,
      })
}

function readSource(value: unknown, keep: boolean): ToolDecisionSource | undefined {
  let kind: unknown, id: unknown, path: unknown
  if (typeof value === 'object' && value !== null) {
    try {
      ;({ kind, id, path } = value as Record<string, unknown>)
    } catch (error) {
      throw unreadable(`${what}'s source`, error)
    }
  }
  if (typeof kind !== 'string' || kind === '') {
    throw invalid(
      `${what}'s source must be { kind: string, id?: string, path?: string }, got ${describeValue(value)}`,
    )
  }
  if (id !== undefined && typeof id !== 'string') throw notString('id', id)
  if (path !== undefined && typeof path !== 'string') throw notString('path', path)
  if (!keep) return undefined
  return Object.freeze(
    id === undefined
      ? path === undefined
        ? { kind }
        : { kind, path }
      : path === undefined
        ? { kind, id }
        : { kind, id, path },
  )
}

function notString(key: 'id' | 'path', member: unknown): ToolPipelineError {
  return invalid(
    `${what}'s source.${key} must be a string when present, got ${describeValue(member)}`,
  )
}

function unreadable(whose: string, error: unknown): ToolPipelineError {
  return new ToolPipelineError(
    `${whose} could not be read: ${describeThrown(error)}`,
    'INVALID_DECISION',
    {
      cause: error,
    },
  )
}

function invalid(message: string): ToolPipelineError {
  return new ToolPipelineError(message, 'INVALID_DECISION')
}
