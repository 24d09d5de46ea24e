import { describeValue, quoteString } from '@toolpipe/core/internal'
import type {
  StructuredTooManyIssuesIssue,
  StructuredAboveMaximumIssue,
  StructuredBelowMinimumIssue,
  StructuredPatternIssue,
  StructuredTooFewItemsIssue,
  StructuredTooLongIssue,
  StructuredTooManyItemsIssue,
  StructuredTooShortIssue,
} from '../structured-issue.js'
import type { RawIssue } from './engine/raw-issue.js'

/** A worded issue about a bound, a length, a pattern or a number of items. */
export type LimitIssue =
  | StructuredBelowMinimumIssue
  | StructuredAboveMaximumIssue
  | StructuredTooShortIssue
  | StructuredTooLongIssue
  | StructuredPatternIssue
  | StructuredTooFewItemsIssue
  | StructuredTooManyItemsIssue

/** The engine's issues that {@link wordLimitIssue} words. */
export type LimitRawIssue = Extract<RawIssue, { readonly code: LimitIssue['code'] }>

/** Whether {@link wordLimitIssue} words `issue`. */
export function isLimitIssue(issue: RawIssue): issue is LimitRawIssue {
  // A switch, not a Set: the codes are literals, compared by identity, where a Set hashes.
  switch (issue.code) {
    case 'below_minimum':
    case 'above_maximum':
    case 'too_short':
    case 'too_long':
    case 'pattern_mismatch':
    case 'too_few_items':
    case 'too_many_items':
      return true
    default:
      return false
  }
}

/**
 * Words an issue about a bound, a length, a pattern or a number of items for `subject`, the
 * quoted place it is about: `"limit" must be at least 1, got 0`. One wording wherever the engine
 * runs: a structured result (`validateStructuredValue`) and a tool's arguments
 * (`@toolpipe/schema`'s `ArgIssue`s, which have the same shape).
 */
export function wordLimitIssue(issue: LimitRawIssue, subject: string): LimitIssue {
  const { path } = issue
  switch (issue.code) {
    case 'below_minimum':
    case 'above_maximum': {
      const bound =
        issue.code === 'below_minimum'
          ? issue.exclusive
            ? 'greater than'
            : 'at least'
          : issue.exclusive
            ? 'less than'
            : 'at most'
      return {
        code: issue.code,
        path,
        message: `${subject} must be ${bound} ${describeValue(issue.limit)}, got ${describeValue(issue.value)}`,
        limit: issue.limit,
        exclusive: issue.exclusive,
        received: issue.value,
      }
    }
    case 'too_short':
    case 'too_long':
      return {
        code: issue.code,
        path,
        message: `${subject} must be ${issue.code === 'too_short' ? 'at least' : 'at most'} ${plural(issue.limit, 'character')}, got ${issue.length}`,
        limit: issue.limit,
        received: issue.length,
      }
    case 'pattern_mismatch': {
      // Stryker disable next-line OptionalChaining,StringLiteral: the engine reports a mismatch only from a node with a pattern; the fallback is for the type
      const pattern = issue.node.pattern?.source ?? ''
      return {
        code: 'pattern_mismatch',
        path,
        message: `${subject} must match the pattern ${quoteString(pattern)}, got ${quoteString(issue.value)}`,
        pattern,
        received: issue.value,
      }
    }
    case 'too_few_items':
    case 'too_many_items':
      return {
        code: issue.code,
        path,
        message: `${subject} must have ${issue.code === 'too_few_items' ? 'at least' : 'at most'} ${plural(issue.limit, 'item')}, got ${issue.count}`,
        limit: issue.limit,
        received: issue.count,
      }
  }
}

/**
 * The issue that ends a walk past its budget: `more than 100 issues: the first 100 are listed,
 * and the rest of the value was not checked`, `what` naming what was checked (`the value`,
 * `the arguments`).
 */
export function wordTooManyIssues(
  issue: Extract<RawIssue, { readonly code: 'too_many_issues' }>,
  what: string,
): StructuredTooManyIssuesIssue {
  return {
    code: 'too_many_issues',
    path: issue.path,
    message: `more than ${issue.limit} issues: the first ${issue.limit} are listed, and the rest of ${what} was not checked`,
    limit: issue.limit,
  }
}

/** `1 item`, `3 characters`. */
function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}
