/**
 * One changed region of a file, as a unified diff's hunk: its `@@ -oldStart,oldLines
 * +newStart,newLines @@` header numbers and its lines.
 */
export interface DiffHunk {
  /**
   * The first old line the hunk covers (1-based); when `oldLines` is 0, the line after which
   * the new lines go in (0 for the start of the file), as a unified diff writes it.
   */
  oldStart: number
  /** How many old lines the hunk covers: its context and `-` lines. */
  oldLines: number
  /** The first new line the hunk covers (1-based); when `newLines` is 0, as for `oldStart`. */
  newStart: number
  /** How many new lines the hunk covers: its context and `+` lines. */
  newLines: number
  /**
   * Each line prefixed `' '` (context), `'-'` (removed) or `'+'` (added), without its `\n`. A
   * `\r` before the `\n` is kept: a change of line endings stays visible.
   */
  lines: string[]
  /**
   * Which side's last line in this hunk is the end of a file that has no final newline (a
   * unified diff's `\ No newline at end of file`); absent when neither is. Not enumerable: the
   * hunk compares and serialises as SPEC §5's five fields; a renderer reads it by name.
   */
  noNewlineAtEnd?: { old: boolean; new: boolean }
}
