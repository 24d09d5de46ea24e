import { HarnessError } from '@toolpipe/core'

/** The codes of {@link ToolSearchError}. */
export type ToolSearchErrorCode =
  /**
   * `toolSearch(registry, options)` was given options it cannot use, or `find(query, limit)` a
   * `limit` it cannot use: the message names the option.
   */
  'INVALID_OPTIONS'

/** What `@toolpipe/tool-search` throws for what it cannot use. */
export class ToolSearchError extends HarnessError<ToolSearchErrorCode> {
  override readonly name = 'ToolSearchError'
}
