import { describeThrown, describeType, describeValue, quoteJsonPath } from '@toolpipe/core/internal'
import type { ViewIssuePath } from '../view-issue.js'
import type { Invalid, ReadContext } from './read-context.js'
import { invalid, maxViewDepth } from './read-context.js'

/** `"diffs[0].path"`, or `the view` for the root: the one path writer of every toolpipe message. */
export function quotePath(path: ViewIssuePath): string {
  return quoteJsonPath(path, 'the view')
}

function withArticle(noun: string): string {
  return /^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`
}

/** Records that `value` at `path` is not of the `expected` type. */
export function typeIssue(
  context: ReadContext,
  path: ViewIssuePath,
  expected: string,
  value: unknown,
): Invalid {
  const received = describeType(value)
  context.issues.push({
    code: 'invalid_type',
    path,
    message: `${quotePath(path)} must be ${withArticle(expected)}, got ${received}`,
    expected,
    received,
  })
  return invalid
}

/** Records that `value` at `path` has the right type but is not `expected` (a phrase). */
export function valueIssue(
  context: ReadContext,
  path: ViewIssuePath,
  expected: string,
  value: unknown,
): Invalid {
  const received = describeValue(value)
  context.issues.push({
    code: 'invalid_value',
    path,
    message: `${quotePath(path)} must be ${expected}, got ${received}`,
    expected,
    received,
  })
  return invalid
}

/** Records that the place at `path` cannot be JSON data, for `reason`. */
export function notJsonIssue(context: ReadContext, path: ViewIssuePath, reason: string): Invalid {
  context.issues.push({ code: 'not_json', path, message: `${quotePath(path)} ${reason}` })
  return invalid
}

export function tooDeep(context: ReadContext, path: ViewIssuePath): Invalid {
  return notJsonIssue(context, path, `is nested deeper than ${maxViewDepth} containers`)
}

export function unreadable(context: ReadContext, path: ViewIssuePath, thrown: unknown): Invalid {
  return notJsonIssue(context, path, `could not be read: ${describeThrown(thrown)}`)
}
