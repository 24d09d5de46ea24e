/** A file a call reads or changes, so that an editor can follow along. */
export interface FileLocation {
  /** The file's path, as the tool names it (absolute, or relative to the session's cwd). */
  path: string
  /** A 1-based line number: a positive integer. */
  line?: number
}
