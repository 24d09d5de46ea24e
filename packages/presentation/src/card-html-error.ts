import { HarnessError } from '@toolpipe/core'
import type { ViewIssue } from './view-issue.js'

/**
 * Thrown by {@link renderCardHtml} for a view (or a `pending` option) that is not a valid card.
 * `issues` lists every problem, each with its path from the view (the pending card's are under
 * `['pending', …]`); the message names the first ones.
 */
export class CardHtmlError extends HarnessError<'INVALID_CARD'> {
  override readonly name = 'CardHtmlError'
  /** Every problem found, as {@link checkToolCallView} / {@link checkToolResultView} list them. */
  readonly issues: readonly ViewIssue[]

  constructor(what: string, issues: readonly ViewIssue[], options?: ErrorOptions) {
    const shown = issues.slice(0, 3).map((issue) => issue.message)
    const rest = issues.length > shown.length ? `; and ${issues.length - shown.length} more` : ''
    super(
      `renderCardHtml: ${what} is not a valid card: ${shown.join('; ')}${rest}`,
      'INVALID_CARD',
      options,
    )
    this.issues = Object.freeze([...issues])
  }
}
