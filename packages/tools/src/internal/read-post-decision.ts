import type { ToolErrorInfo } from '@toolpipe/core'
import type { PostToolDecision } from '../tool-decisions.js'
import { invalidDecision, isHookContext } from './checks.js'
import { checkContent, coreOnly, invalidContent } from './content-mistake.js'
import { copyJson, notJson } from './copy-json.js'
import { ResultNotJson } from './error-result.js'
import { readMembers } from './read-members.js'

const event = 'tools/post-execute'
const expected =
  "{ kind: 'accept', content?, additionalContext? } or { kind: 'block', feedback, additionalContext?, error? }"

/** What marks a member that failed its check. */
const malformed: unique symbol = Symbol('malformed')

/**
 * Reads what a `tools/post-execute` listener returned, each member once, into a fresh frozen
 * decision whose content and context are deep-frozen JSON copies.
 *
 * @param contentTypes - the block kinds the registry was told of beyond core's (`contentTypes`)
 * @throws `ToolPipelineError` (`INVALID_DECISION`) for anything that is not a decision,
 * `InvalidContentError` (`INVALID_CONTENT`) for content or feedback that is not made of
 * `ContentBlock`s, and the internal `ResultNotJson` when its content or context is not JSON (the
 * result would not be)
 */
export function readPostDecision(
  value: unknown,
  contentTypes: ReadonlySet<string> = coreOnly,
): PostToolDecision {
  const members = readMembers(
    value,
    ['kind', 'content', 'feedback', 'additionalContext', 'error'],
    `a ${event} listener's decision`,
  )
  const kind = members?.kind
  if (members !== undefined && (kind === 'accept' || kind === 'block')) {
    const context = copyMember(members.additionalContext, isHookContext)
    const content = copyMember(kind === 'accept' ? members.content : members.feedback, isArray)
    if (context !== malformed && content !== malformed) {
      if (context !== undefined) {
        checkContent(
          context.content,
          contentTypes,
          invalidContent(`a ${event} listener (additionalContext)`),
        )
      }
      if (content !== undefined) {
        checkContent(content, contentTypes, invalidContent(`a ${event} listener`))
      }
      const withContext = context === undefined ? {} : { additionalContext: context }
      // A block may stand for an error of its own (a hook's HOOK_STOPPED), read once.
      const error = members.error === undefined ? undefined : readErrorInfo(members.error)
      if (kind === 'block' && content !== undefined && error !== malformed) {
        return Object.freeze({
          kind,
          feedback: content,
          ...withContext,
          ...(error === undefined ? {} : { error }),
        })
      }
      if (kind === 'accept') {
        return Object.freeze({
          kind,
          ...(content === undefined ? {} : { content }),
          ...withContext,
        })
      }
    }
  }
  throw invalidDecision(event, value, expected)
}

/** `{ name, code }`, two non-empty strings, as a frozen copy; `malformed` for anything else. */
function readErrorInfo(value: unknown): ToolErrorInfo | typeof malformed {
  const members = readMembers(value, ['name', 'code'], `a ${event} listener's error`)
  const name = members?.name
  const code = members?.code
  if (typeof name !== 'string' || name === '' || typeof code !== 'string' || code === '') {
    return malformed
  }
  return Object.freeze({ name, code })
}

function isArray(value: unknown): value is unknown[] {
  return Array.isArray(value)
}

/** A JSON copy of an optional member that passes `check`, `undefined` when absent. */
function copyMember<TValue>(
  member: unknown,
  check: (copy: unknown) => copy is TValue,
): TValue | undefined | typeof malformed {
  if (member === undefined) return undefined
  const copy = copyJson(member)
  if (copy === notJson) throw new ResultNotJson(member)
  return check(copy) ? copy : malformed
}
