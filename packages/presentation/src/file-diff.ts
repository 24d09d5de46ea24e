/** One file's change, as the whole text before and after; {@link appliedHunks} turns it into hunks. */
export interface FileDiff {
  /** The file's path, as the tool names it (absolute, or relative to the session's cwd). */
  path: string
  /** The text before the change, or `null` for a new file. */
  oldText: string | null
  /** The text after the change. */
  newText: string
}
