import { structuredPatch } from 'diff'
import type { StructuredPatchHunk } from 'diff'
import type { DiffHunk } from './diff-hunk.js'
import { describeType } from '@toolpipe/core/internal'
import { replacementHunk } from './internal/replacement-hunk.js'
import { flagNoNewlineAtEnd } from './internal/no-newline-flag.js'

/** Options of {@link appliedHunks}. */
export interface AppliedHunksOptions {
  /**
   * Unchanged lines shown before and after each change: a non-negative integer, or `Infinity`
   * for the whole file in one hunk. Changes at most twice this many lines apart share a hunk.
   * Default 3.
   */
  context?: number
  /**
   * The most lines added plus removed that the line diff searches for. Its time grows with the
   * square of this number (about 0.15 s at 1000, 0.5 s at 2000): past it, `appliedHunks` returns
   * one hunk replacing everything between the texts' common first and last lines, which is
   * correct but not minimal. A non-negative integer or `Infinity`; default 1000.
   */
  maxEditLength?: number
}

const defaultContext = 3
const defaultMaxEditLength = 1000

/**
 * The hunks that turn `oldText` into `newText`, as a unified diff has them: each changed region
 * with `context` unchanged lines around it, lines prefixed `' '`, `'-'` or `'+'`. For a diff
 * card's pair: `oldText` `null` is a new file (one hunk of additions, `oldStart` and `oldLines`
 * 0). Identical texts have no hunks. Computed by jsdiff's line diff (`structuredPatch`).
 *
 * Lines are compared exactly: a line that only changed from `\r\n` to `\n` is a change, and its
 * `\r` stays in the line text. A file's last line without a final newline is flagged on its
 * hunk's `noNewlineAtEnd` rather than given a fourth kind of line.
 *
 * @throws {TypeError} when `oldText` is not a string or null, `newText` is not a string, or an
 *   option is not a number
 * @throws {RangeError} when `context` or `maxEditLength` is not a non-negative integer or `Infinity`
 * @example
 * appliedHunks('a\nb\nc\n', 'a\nB\nc\n')
 * // [{ oldStart: 1, oldLines: 3, newStart: 1, newLines: 3, lines: [' a', '-b', '+B', ' c'] }]
 */
export function appliedHunks(
  oldText: string | null,
  newText: string,
  options?: AppliedHunksOptions,
): DiffHunk[] {
  if (oldText !== null && typeof oldText !== 'string') {
    throw new TypeError(
      `appliedHunks: oldText must be a string or null, got ${describeType(oldText)}`,
    )
  }
  if (typeof newText !== 'string') {
    throw new TypeError(`appliedHunks: newText must be a string, got ${describeType(newText)}`)
  }
  const context = lineCount('context', options?.context, defaultContext)
  const maxEditLength = lineCount('maxEditLength', options?.maxEditLength, defaultMaxEditLength)
  const before = oldText ?? ''
  if (before === newText) return []
  const patch = structuredPatch('', '', before, newText, undefined, undefined, {
    context,
    maxEditLength,
  })
  if (patch === undefined) return [replacementHunk(before, newText, context)]
  return patch.hunks.map(toDiffHunk)
}

function lineCount(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback
  if (typeof value !== 'number') {
    throw new TypeError(`appliedHunks: ${name} must be a number, got ${describeType(value)}`)
  }
  if (!(value === Number.POSITIVE_INFINITY || (Number.isSafeInteger(value) && value >= 0))) {
    throw new RangeError(
      `appliedHunks: ${name} must be a non-negative integer or Infinity, got ${String(value)}`,
    )
  }
  return value
}

/**
 * jsdiff's hunk as a unified diff header writes it (an empty side starts at the line before),
 * with its `\ No newline at end of file` markers turned into the `noNewlineAtEnd` flags.
 */
function toDiffHunk(hunk: StructuredPatchHunk): DiffHunk {
  const lines: string[] = []
  let oldMissing = false
  let newMissing = false
  for (const line of hunk.lines) {
    if (!line.startsWith('\\')) {
      lines.push(line)
      continue
    }
    // The marker follows the line it is about: a context line ends both files.
    const previous = lines.at(-1)?.charAt(0)
    if (previous !== '+') oldMissing = true
    if (previous !== '-') newMissing = true
  }
  const diffHunk: DiffHunk = {
    oldStart: hunk.oldLines === 0 ? hunk.oldStart - 1 : hunk.oldStart,
    oldLines: hunk.oldLines,
    newStart: hunk.newLines === 0 ? hunk.newStart - 1 : hunk.newStart,
    newLines: hunk.newLines,
    lines,
  }
  flagNoNewlineAtEnd(diffHunk, oldMissing, newMissing)
  return diffHunk
}
