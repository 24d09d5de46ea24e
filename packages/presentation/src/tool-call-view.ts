import type { ContentBlock } from '@toolpipe/core'
import type { FileDiff } from './file-diff.js'
import type { FileLocation } from './file-location.js'
import type { ToolCallKind } from './tool-call-kind.js'

/** The default pending card: a title, an icon, and the input or content to show. */
export interface GenericCallView {
  card: 'generic'
  title: string
  /** Picks the card's icon; UIs treat an absent kind as `other`. */
  kind?: ToolCallKind
  /** The call's input to show as is; JSON data. */
  rawInput?: unknown
  content?: ContentBlock[]
  /** The files the call reads or changes. */
  locations?: FileLocation[]
}

/** A shell command's pending card. */
export interface TerminalCallView {
  card: 'terminal'
  /** The command line. */
  title: string
  description?: string
  /** The directory the command runs in. */
  cwd?: string
}

/** A file creation or change, shown inline as a diff before it happens. */
export interface DiffCallView {
  card: 'diff'
  title: string
  diffs: FileDiff[]
  locations?: FileLocation[]
}

/**
 * How a call looks while it is pending: a render intent discriminated on `card`, which a UI
 * bridge maps to its own widgets. Returned by a tool's `presentCall`.
 *
 * @example
 * const view: ToolCallView = { card: 'terminal', title: 'npm test', cwd: 'packages/core' }
 */
export type ToolCallView = GenericCallView | TerminalCallView | DiffCallView
