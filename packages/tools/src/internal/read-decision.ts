import { describeValue } from '@toolpipe/core/internal'
import type { ToolDecision, ToolDecisionSource } from '../tool-decision.js'
import { ToolPipelineError } from '../tool-pipeline-error.js'
import { readMembers } from './read-members.js'

const stages: ReadonlySet<unknown> = new Set([
  'restriction',
  'rule',
  'policy',
  'hook',
  'guard',
  'approval',
  'post',
])
const outcomes: ReadonlySet<unknown> = new Set(['allow', 'ask', 'deny', 'edit', 'block'])
const what = 'a reported decision'

/**
 * Reads a decision a plugin reports (`registry.reportDecision`), each member once, into a fresh
 * frozen one: observers never see the plugin's object, nor anything it adds.
 *
 * @throws `ToolPipelineError` (`INVALID_DECISION`) naming the member that is wrong
 */
export function readDecision(value: unknown): ToolDecision {
  const members = readMembers(value, ['stage', 'outcome', 'source', 'reason'], what)
  if (members === undefined) throw invalid(`${what} must be an object, got ${describeValue(value)}`)
  const { stage, outcome, reason } = members
  if (!stages.has(stage)) {
    throw invalid(
      `${what}'s stage must be one of ${[...stages].map((name) => JSON.stringify(name)).join(', ')}, got ${describeValue(stage)}`,
    )
  }
  if (!outcomes.has(outcome)) {
    throw invalid(
      `${what}'s outcome must be one of ${[...outcomes].map((name) => JSON.stringify(name)).join(', ')}, got ${describeValue(outcome)}`,
    )
  }
  if (reason !== undefined && typeof reason !== 'string') {
    throw invalid(`${what}'s reason must be a string when present, got ${describeValue(reason)}`)
  }
  const source = readSource(members.source)
  return Object.freeze({
    stage: stage as ToolDecision['stage'],
    outcome: outcome as ToolDecision['outcome'],
    source,
    ...(reason === undefined ? {} : { reason }),
  })
}

function readSource(value: unknown): ToolDecisionSource {
  const members = readMembers(value, ['kind', 'id', 'path'], `${what}'s source`)
  const kind = members?.kind
  if (typeof kind !== 'string' || kind === '') {
    throw invalid(
      `${what}'s source must be { kind: string, id?: string, path?: string }, got ${describeValue(value)}`,
    )
  }
  const source: { kind: string; id?: string; path?: string } = { kind }
  for (const key of ['id', 'path'] as const) {
    const member = members?.[key]
    if (member === undefined) continue
    if (typeof member !== 'string') {
      throw invalid(
        `${what}'s source.${key} must be a string when present, got ${describeValue(member)}`,
      )
    }
    source[key] = member
  }
  return Object.freeze(source)
}

function invalid(message: string): ToolPipelineError {
  return new ToolPipelineError(message, 'INVALID_DECISION')
}
