import { describeValue, formatJsonPath, isPlainArray } from '@toolpipe/core/internal'
import type { JsonValue } from '@toolpipe/core'
import type { ApprovalOutcome } from '@toolpipe/tools'

/** What {@link readApprovalAnswer} found: the outcome, or what is wrong with the answer. */
export type AnswerReading =
  | { readonly outcome: ApprovalOutcome; readonly problem?: undefined }
  | { readonly outcome?: undefined; readonly problem: string }

/**
 * The members each kind of answer may have (SPEC §12.3). An answer with any other member is
 * refused rather than half-applied. `arguments` on `allowed-once` is a person's edit: any JSON
 * value here, handed to the pipeline, which copies it and validates it again by the tool's own
 * check before the call runs with it.
 */
const membersOf: Readonly<Record<ApprovalOutcome['kind'], readonly string[]>> = {
  'allowed-once': ['kind', 'arguments'],
  'allowed-always': ['kind'],
  rejected: ['kind', 'reason'],
  'rejected-always': ['kind', 'reason'],
  cancelled: ['kind'],
  unavailable: ['kind'],
}
const kinds = Object.keys(membersOf) as ApprovalOutcome['kind'][]
const expectedKinds = kinds.map((kind) => JSON.stringify(kind)).join(', ')

/**
 * Reads the text of an approval answer into an outcome, strictly: JSON, an object, a known
 * `kind`, only that kind's members, each of the right type. Never throws.
 */
export function readApprovalAnswer(text: string): AnswerReading {
  if (text.trim() === '') {
    return {
      problem: `empty; expected an approval outcome as JSON, such as {"kind":"allowed-once"}`,
    }
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return { problem: `not JSON (${(error as Error).message})` }
  }
  if (typeof value !== 'object' || value === null || isPlainArray(value)) {
    return {
      problem: `${formatJsonPath([])}: expected an object with a "kind", got ${describeValue(value)}`,
    }
  }
  const answer = value as Record<string, unknown>
  const kind = answer.kind
  if (!Object.hasOwn(answer, 'kind')) {
    return { problem: `${formatJsonPath(['kind'])}: missing; expected one of ${expectedKinds}` }
  }
  if (typeof kind !== 'string' || !Object.hasOwn(membersOf, kind)) {
    return {
      problem: `${formatJsonPath(['kind'])}: expected one of ${expectedKinds}, got ${describeValue(kind)}`,
    }
  }
  const outcomeKind = kind as ApprovalOutcome['kind']
  const allowed: readonly string[] = membersOf[outcomeKind]
  for (const member of Object.keys(answer)) {
    if (!allowed.includes(member)) {
      return {
        problem: `${formatJsonPath([member])}: not a member of an answer of kind "${outcomeKind}", whose members are ${allowed.map((name) => JSON.stringify(name)).join(', ')}`,
      }
    }
  }
  if (outcomeKind === 'allowed-once' && Object.hasOwn(answer, 'arguments')) {
    // Parsed from JSON text, so JSON by construction; the pipeline copies and checks it.
    return {
      outcome: Object.freeze({ kind: outcomeKind, arguments: answer.arguments as JsonValue }),
    }
  }
  if (outcomeKind !== 'rejected' && outcomeKind !== 'rejected-always') {
    return { outcome: Object.freeze({ kind: outcomeKind }) }
  }
  const reason = answer.reason
  if (reason === undefined) return { outcome: Object.freeze({ kind: outcomeKind }) }
  if (typeof reason !== 'string') {
    return {
      problem: `${formatJsonPath(['reason'])}: expected a string, got ${describeValue(reason)}`,
    }
  }
  return { outcome: Object.freeze({ kind: outcomeKind, reason }) }
}
