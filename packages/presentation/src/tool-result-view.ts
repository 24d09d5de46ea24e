import type { ContentBlock } from '@toolpipe/core'
import type { FileDiff } from './file-diff.js'

/** The default completed card; without `content` a UI shows the raw result content. */
export interface GenericResultView {
  card: 'generic'
  /** Replaces the pending title; absent keeps it. */
  title?: string
  content?: ContentBlock[]
}

interface TerminalResultFields {
  card: 'terminal'
  /** Replaces the pending title; absent keeps it. */
  title?: string
  /** The captured output of the run. */
  output?: string
}

/**
 * A finished shell command: its output and how it ended. `exitCode` (an integer) and `signal`
 * (such as `SIGTERM`) exclude each other: a process either exits or is killed.
 */
export type TerminalResultView = TerminalResultFields &
  ({ exitCode?: number; signal?: never } | { exitCode?: never; signal?: string })

/**
 * A finished file change. A mutating tool returns it even when it repeats the pending diffs:
 * a completed card replaces the pending one's content, so a plain result text would hide them.
 */
export interface DiffResultView {
  card: 'diff'
  /** Replaces the pending title; absent keeps it. */
  title?: string
  diffs: FileDiff[]
}

/**
 * How a call looks once it has completed: a render intent discriminated on `card`. Returned by a
 * tool's `presentResult`.
 *
 * @example
 * const view: ToolResultView = { card: 'terminal', output: 'ok\n', exitCode: 0 }
 */
export type ToolResultView = GenericResultView | TerminalResultView | DiffResultView
