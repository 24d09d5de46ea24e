import type { ContentBlock } from '@toolpipe/core'

/**
 * One progress report of a running tool (`exec.reportProgress(update)`, SPEC §12.2): how far it
 * got (`progress` of `total`, both finite numbers, in any unit), a line for people, and content to
 * show so far (a test suite's output, say). Every member is optional; `tools/progress` observers
 * get a deep-frozen copy holding the members that were given, its message and content as the
 * registry's `tools/shown` filters clean them.
 */
export interface ToolProgress {
  readonly progress?: number | undefined
  readonly total?: number | undefined
  readonly message?: string | undefined
  readonly content?: readonly ContentBlock[] | undefined
}
