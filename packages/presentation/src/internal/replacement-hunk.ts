import type { DiffHunk } from '../diff-hunk.js'
import { flagNoNewlineAtEnd } from './no-newline-flag.js'

/** A text's lines as the line diff tokenizes them: each with its `\n`, the last maybe without. */
export function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? []
}

/** A line without its `\n`, behind its prefix. */
function hunkLine(prefix: string, line: string): string {
  return prefix + (line.endsWith('\n') ? line.slice(0, -1) : line)
}

/**
 * The one hunk that replaces everything between the texts' common first and last lines, with
 * `context` lines around it. Correct, not minimal: what `appliedHunks` settles for when the line
 * diff gives up on too large an edit. The texts must differ.
 */
export function replacementHunk(oldText: string, newText: string, context: number): DiffHunk {
  const oldLines = splitLines(oldText)
  const newLines = splitLines(newText)
  const shorter = Math.min(oldLines.length, newLines.length)
  let prefix = 0
  while (prefix < shorter && oldLines[prefix] === newLines[prefix]) prefix++
  let suffix = 0
  while (
    suffix < shorter - prefix &&
    oldLines[oldLines.length - 1 - suffix] === newLines[newLines.length - 1 - suffix]
  ) {
    suffix++
  }
  const leading = oldLines.slice(Math.max(0, prefix - context), prefix)
  const removed = oldLines.slice(prefix, oldLines.length - suffix)
  const added = newLines.slice(prefix, newLines.length - suffix)
  const trailingCount = Math.min(suffix, context)
  const trailing = oldLines.slice(
    oldLines.length - suffix,
    oldLines.length - suffix + trailingCount,
  )
  const oldCount = leading.length + removed.length + trailing.length
  const newCount = leading.length + added.length + trailing.length
  const start = prefix - leading.length + 1
  const hunk: DiffHunk = {
    oldStart: oldCount === 0 ? start - 1 : start,
    oldLines: oldCount,
    newStart: newCount === 0 ? start - 1 : start,
    newLines: newCount,
    lines: [
      ...leading.map((line) => hunkLine(' ', line)),
      ...removed.map((line) => hunkLine('-', line)),
      ...added.map((line) => hunkLine('+', line)),
      ...trailing.map((line) => hunkLine(' ', line)),
    ],
  }
  // Only a file's last line can lack its newline; the hunk shows it when it reaches the end.
  const reachesEnd = trailingCount === suffix
  const oldMissing = reachesEnd && oldText !== '' && !oldText.endsWith('\n')
  const newMissing = reachesEnd && newText !== '' && !newText.endsWith('\n')
  flagNoNewlineAtEnd(hunk, oldMissing, newMissing)
  return hunk
}
