import { applyPatch } from 'diff'
import fc from 'fast-check'
import type { DiffHunk } from './diff-hunk.js'
import { describe, expect, it } from 'vitest'
import { appliedHunks } from './applied-hunks.js'
import { applyHunks, numberedLines, unifiedDiff } from './__fixtures__/unified-diff.js'

/** The hunks with their (not enumerable) `noNewlineAtEnd` flag written out, to compare whole. */
function withFlags(hunks: readonly DiffHunk[]): DiffHunk[] {
  return hunks.map((hunk) =>
    hunk.noNewlineAtEnd === undefined ? hunk : { ...hunk, noNewlineAtEnd: hunk.noNewlineAtEnd },
  )
}

/** `appliedHunks` past `maxEditLength`, and hunks that give back the new text when applied (property). */

describe('appliedHunks past maxEditLength', () => {
  it('replaces the differing middle in one hunk, with context', () => {
    const before = 'keep 1\nkeep 2\na\nb\nkeep 3\nkeep 4\n'
    const after = 'keep 1\nkeep 2\nx\ny\nz\nkeep 3\nkeep 4\n'
    expect(appliedHunks(before, after, { maxEditLength: 1, context: 1 })).toEqual([
      {
        oldStart: 2,
        oldLines: 4,
        newStart: 2,
        newLines: 5,
        lines: [' keep 2', '-a', '-b', '+x', '+y', '+z', ' keep 3'],
      },
    ])
  })

  it('flags missing final newlines in the replacement hunk too', () => {
    expect(withFlags(appliedHunks('a\nb', 'a\nc', { maxEditLength: 0 }))).toEqual([
      {
        oldStart: 1,
        oldLines: 2,
        newStart: 1,
        newLines: 2,
        lines: [' a', '-b', '+c'],
        noNewlineAtEnd: { old: true, new: true },
      },
    ])
    expect(withFlags(appliedHunks(null, 'a\nb', { maxEditLength: 0 }))).toEqual([
      {
        oldStart: 0,
        oldLines: 0,
        newStart: 1,
        newLines: 2,
        lines: ['+a', '+b'],
        noNewlineAtEnd: { old: false, new: true },
      },
    ])
  })

  it('stops searching at 1000 edits by default, settling for one hunk', () => {
    // 1,200 edits: the minimal diff has 600 hunks.
    const before = numberedLines(6_000)
    const after = before
      .split('\n')
      .map((line, index) => (index % 10 === 5 ? `${line} changed` : line))
      .join('\n')
    const hunks = appliedHunks(before, after)
    expect(hunks).toHaveLength(1)
    expect(hunks[0]).toMatchObject({ oldStart: 3, newStart: 3 })
    expect(applyPatch(before, unifiedDiff(hunks))).toBe(after)
    // Raised past the edit count, the minimal diff comes back.
    expect(appliedHunks(before, after, { maxEditLength: 1200 })).toHaveLength(600)
  })
})

describe('appliedHunks round trip (property)', () => {
  it('keeps a lone \\r ending a file without a final newline', () => {
    for (const maxEditLength of [0, 1000]) {
      const hunks = appliedHunks('b\n', 'b\na\r', { context: 0, maxEditLength })
      expect(withFlags(hunks)).toEqual([
        {
          oldStart: 1,
          oldLines: 0,
          newStart: 2,
          newLines: 1,
          lines: ['+a\r'],
          noNewlineAtEnd: { old: false, new: true },
        },
      ])
      expect(applyHunks('b\n', hunks)).toBe('b\na\r')
    }
  })

  const line = fc.constantFrom('a', 'b', 'c', 'a\r', '', ' ')
  const text = fc
    .tuple(fc.array(line, { maxLength: 12 }), fc.boolean())
    .map(
      ([lines, finalNewline]) => lines.join('\n') + (finalNewline && lines.length > 0 ? '\n' : ''),
    )
  const options = fc.record({
    context: fc.oneof(fc.integer({ min: 0, max: 4 }), fc.constant(Number.POSITIVE_INFINITY)),
    maxEditLength: fc.oneof(fc.constant(1000), fc.integer({ min: 0, max: 3 })),
  })

  it('applies, as a unified diff, to oldText and gives newText, with consistent counts', () => {
    fc.assert(
      fc.property(fc.option(text, { nil: null }), text, options, (before, after, option) => {
        const hunks = appliedHunks(before, after, option)
        for (const hunk of hunks) {
          expect(hunk.lines.every((hunkLine) => /^[ +-]/.test(hunkLine))).toBe(true)
          expect(hunk.lines.filter((hunkLine) => !hunkLine.startsWith('+'))).toHaveLength(
            hunk.oldLines,
          )
          expect(hunk.lines.filter((hunkLine) => !hunkLine.startsWith('-'))).toHaveLength(
            hunk.newLines,
          )
        }
        if ((before ?? '') === after) return hunks.length === 0
        return applyHunks(before ?? '', hunks) === after
      }),
      { numRuns: 300 },
    )
  })
})
