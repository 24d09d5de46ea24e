import { expect } from 'vitest'
import type { DiffHunk } from '../diff-hunk.js'

/** `count` numbered lines, each ending in a newline. */
export function numberedLines(count: number, from = 1): string {
  let text = ''
  for (let line = from; line < from + count; line++) text += `line ${line}\n`
  return text
}

/** Where a hunk's last old-side and last new-side lines are: where a missing newline shows. */
function lastLineIndexes(hunk: DiffHunk): { lastOld: number; lastNew: number } {
  let lastOld = -1
  let lastNew = -1
  hunk.lines.forEach((line, index) => {
    if (!line.startsWith('+')) lastOld = index
    if (!line.startsWith('-')) lastNew = index
  })
  return { lastOld, lastNew }
}

/**
 * The hunks written as a unified diff, `\ No newline at end of file` markers included: our
 * header numbers must be exactly what a unified diff says, with no conversion.
 */
export function unifiedDiff(hunks: readonly DiffHunk[]): string {
  const out: string[] = []
  for (const hunk of hunks) {
    out.push(`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`)
    const { lastOld, lastNew } = lastLineIndexes(hunk)
    hunk.lines.forEach((line, index) => {
      out.push(line)
      const endsOld = hunk.noNewlineAtEnd?.old === true && index === lastOld
      const endsNew = hunk.noNewlineAtEnd?.new === true && index === lastNew
      if (endsOld || endsNew) out.push('\\ No newline at end of file')
    })
  }
  return out.join('\n') + '\n'
}

/**
 * Applies hunks to a text line by line, checking every context and removed line against the old
 * text: an oracle independent of jsdiff's patch parser, which reads a lone `\r` at the end of a
 * file as part of a line break and so cannot round-trip such a file.
 */
export function applyHunks(oldText: string, hunks: readonly DiffHunk[]): string {
  const oldLines = oldText.match(/[^\n]*\n|[^\n]+$/g) ?? []
  const out: string[] = []
  let cursor = 0
  for (const hunk of hunks) {
    // A header's start names the first line of the range, or the line after which an empty
    // range sits.
    const start = hunk.oldLines === 0 ? hunk.oldStart : hunk.oldStart - 1
    expect(start).toBeGreaterThanOrEqual(cursor)
    out.push(...oldLines.slice(cursor, start))
    cursor = start
    const { lastOld, lastNew } = lastLineIndexes(hunk)
    hunk.lines.forEach((line, index) => {
      const body = line.slice(1)
      const oldEnd = hunk.noNewlineAtEnd?.old === true && index === lastOld ? '' : '\n'
      const newEnd = hunk.noNewlineAtEnd?.new === true && index === lastNew ? '' : '\n'
      if (!line.startsWith('+')) {
        expect(oldLines[cursor]).toBe(body + oldEnd)
        cursor++
      }
      if (!line.startsWith('-')) out.push(body + newEnd)
    })
  }
  out.push(...oldLines.slice(cursor))
  return out.join('')
}
