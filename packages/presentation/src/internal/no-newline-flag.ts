import type { DiffHunk } from '../diff-hunk.js'

/**
 * Flags which side's last line in `hunk` ends a file without a final newline. The flag is an own
 * property that is not enumerable: a hunk compares, spreads and serialises as SPEC §5's five
 * fields (`{ oldStart, oldLines, newStart, newLines, lines }`), and a renderer that knows the
 * flag still reads it.
 */
export function flagNoNewlineAtEnd(hunk: DiffHunk, old: boolean, added: boolean): void {
  if (!old && !added) return
  Object.defineProperty(hunk, 'noNewlineAtEnd', {
    value: { old, new: added },
    enumerable: false,
    writable: true,
    configurable: true,
  })
}
