import type { PreToolDecision } from '../tool-decisions.js'
import { invalidDecision } from './checks.js'
import { readMembers } from './read-members.js'

const event = 'tools/pre-execute'
const allow: PreToolDecision = Object.freeze({ kind: 'allow' })

/**
 * Reads what a `tools/pre-execute` listener returned, each member once, into a fresh frozen
 * decision: the pipeline never looks at the listener's object again.
 *
 * @throws `ToolPipelineError` (`INVALID_DECISION`) for anything that is not a decision
 */
export function readPreDecision(value: unknown): PreToolDecision {
  const members = readMembers(value, ['kind', 'reason'], `a ${event} listener's decision`)
  const reason = members?.reason
  switch (members?.kind) {
    case 'allow':
      return allow
    case 'deny':
      if (typeof reason === 'string') return Object.freeze({ kind: 'deny', reason })
      break
    case 'ask':
      if (reason === undefined) return Object.freeze({ kind: 'ask' })
      if (typeof reason === 'string') return Object.freeze({ kind: 'ask', reason })
      break
  }
  throw invalidDecision(event, value, "{ kind: 'allow' | 'deny' | 'ask' }")
}
