import { structuredPatch } from 'diff'
import type { DiffHunk } from './diff-hunk.js'
import { describe, expect, it } from 'vitest'
import { appliedHunks } from './applied-hunks.js'
import { numberedLines, unifiedDiff } from './__fixtures__/unified-diff.js'

/** The hunks with their (not enumerable) `noNewlineAtEnd` flag written out, to compare whole. */
function withFlags(hunks: readonly DiffHunk[]): DiffHunk[] {
  return hunks.map((hunk) =>
    hunk.noNewlineAtEnd === undefined ? hunk : { ...hunk, noNewlineAtEnd: hunk.noNewlineAtEnd },
  )
}

/** `appliedHunks`: the hunks of a change, as a unified diff writes them. */

describe('appliedHunks', () => {
  it('shows an addition with context around it', () => {
    expect(appliedHunks('a\nb\nc\nd\n', 'a\nb\nnew\nc\nd\n')).toEqual([
      {
        oldStart: 1,
        oldLines: 4,
        newStart: 1,
        newLines: 5,
        lines: [' a', ' b', '+new', ' c', ' d'],
      },
    ])
  })

  it('shows a deletion with context around it', () => {
    expect(appliedHunks('a\nb\nc\nd\ne\n', 'a\nb\nd\ne\n')).toEqual([
      { oldStart: 1, oldLines: 5, newStart: 1, newLines: 4, lines: [' a', ' b', '-c', ' d', ' e'] },
    ])
  })

  it('shows a change in the middle of a long file with only 3 context lines around it', () => {
    const before = numberedLines(100)
    const after = before.replace('line 50\n', 'line fifty\n')
    expect(appliedHunks(before, after)).toEqual([
      {
        oldStart: 47,
        oldLines: 7,
        newStart: 47,
        newLines: 7,
        lines: [
          ' line 47',
          ' line 48',
          ' line 49',
          '-line 50',
          '+line fifty',
          ' line 51',
          ' line 52',
          ' line 53',
        ],
      },
    ])
  })

  it('shows a new file (oldText null) as one hunk of additions from -0,0', () => {
    const hunks = appliedHunks(null, 'one\ntwo\nthree\n')
    expect(hunks).toEqual([
      { oldStart: 0, oldLines: 0, newStart: 1, newLines: 3, lines: ['+one', '+two', '+three'] },
    ])
    // The header GNU diff and git write for a created file.
    expect(unifiedDiff(hunks).split('\n')[0]).toBe('@@ -0,0 +1,3 @@')
    expect(appliedHunks('', 'one\ntwo\nthree\n')).toEqual(hunks)
  })

  it('shows an emptied file with +0,0', () => {
    expect(appliedHunks('one\ntwo\n', '')).toEqual([
      { oldStart: 1, oldLines: 2, newStart: 0, newLines: 0, lines: ['-one', '-two'] },
    ])
  })

  it('writes an insertion without context as after-line numbers, as a unified diff does', () => {
    expect(appliedHunks('1\n2\n3\n', '1\n2\nX\n3\n', { context: 0 })).toEqual([
      { oldStart: 2, oldLines: 0, newStart: 3, newLines: 1, lines: ['+X'] },
    ])
    expect(appliedHunks('1\n2\n3\n', '1\n3\n', { context: 0 })).toEqual([
      { oldStart: 2, oldLines: 1, newStart: 1, newLines: 0, lines: ['-2'] },
    ])
  })

  it('keeps the \\r of CRLF lines, so that a change of line endings stays visible', () => {
    expect(appliedHunks('a\r\nb\r\nc\r\n', 'a\r\nB\r\nc\r\n')).toEqual([
      {
        oldStart: 1,
        oldLines: 3,
        newStart: 1,
        newLines: 3,
        lines: [' a\r', '-b\r', '+B\r', ' c\r'],
      },
    ])
    expect(appliedHunks('a\r\nb\r\n', 'a\nb\n')).toEqual([
      { oldStart: 1, oldLines: 2, newStart: 1, newLines: 2, lines: ['-a\r', '-b\r', '+a', '+b'] },
    ])
  })

  it('flags a last line without a newline instead of adding a fourth kind of line', () => {
    expect(withFlags(appliedHunks('a\nb', 'a\nb\n'))).toEqual([
      {
        oldStart: 1,
        oldLines: 2,
        newStart: 1,
        newLines: 2,
        lines: [' a', '-b', '+b'],
        noNewlineAtEnd: { old: true, new: false },
      },
    ])
    expect(withFlags(appliedHunks('a\nb\nc', 'A\nb\nc'))).toEqual([
      {
        oldStart: 1,
        oldLines: 3,
        newStart: 1,
        newLines: 3,
        lines: ['-a', '+A', ' b', ' c'],
        noNewlineAtEnd: { old: true, new: true },
      },
    ])
    expect(withFlags(appliedHunks(null, 'x'))).toEqual([
      {
        oldStart: 0,
        oldLines: 0,
        newStart: 1,
        newLines: 1,
        lines: ['+x'],
        noNewlineAtEnd: { old: false, new: true },
      },
    ])
    // A change far from the end has no flag, even when the file lacks its final newline.
    const before = numberedLines(20).slice(0, -1)
    const [hunk] = appliedHunks(before, before.replace('line 2\n', 'line two\n'))
    expect(hunk).not.toHaveProperty('noNewlineAtEnd')
  })

  it('gives SPEC §5’s five fields whatever the texts end with: the flag is not enumerable', () => {
    const [hunk] = appliedHunks('a\nb', 'a\nc')
    expect(hunk).toEqual({
      oldStart: 1,
      oldLines: 2,
      newStart: 1,
      newLines: 2,
      lines: [' a', '-b', '+c'],
    })
    expect(Object.keys(hunk ?? {})).toEqual([
      'oldStart',
      'oldLines',
      'newStart',
      'newLines',
      'lines',
    ])
    expect(JSON.parse(JSON.stringify(hunk))).not.toHaveProperty('noNewlineAtEnd')
    expect(hunk?.noNewlineAtEnd).toEqual({ old: true, new: true })
  })

  it('has no hunks for identical texts', () => {
    expect(appliedHunks('same\n', 'same\n')).toEqual([])
    expect(appliedHunks('', '')).toEqual([])
    expect(appliedHunks(null, '')).toEqual([])
  })

  it('takes the number of context lines, merging changes at most twice that apart', () => {
    const before = numberedLines(30)
    // Four unchanged lines between the two changes.
    const after = before.replace('line 10\n', 'X\n').replace('line 15\n', 'Y\n')
    expect(appliedHunks(before, after, { context: 1 }).map((hunk) => hunk.oldStart)).toEqual([
      9, 14,
    ])
    expect(appliedHunks(before, after, { context: 2 }).map((hunk) => hunk.oldStart)).toEqual([8])
    const [whole] = appliedHunks(before, after, { context: Number.POSITIVE_INFINITY })
    expect(whole).toMatchObject({ oldStart: 1, oldLines: 30, newStart: 1, newLines: 30 })
    expect(appliedHunks(before, after, { context: 0 })).toEqual([
      { oldStart: 10, oldLines: 1, newStart: 10, newLines: 1, lines: ['-line 10', '+X'] },
      { oldStart: 15, oldLines: 1, newStart: 15, newLines: 1, lines: ['-line 15', '+Y'] },
    ])
  })

  it('agrees with jsdiff’s own structured patch', () => {
    const before = numberedLines(60)
    const after = before.replace('line 3\n', '').replace('line 40\n', 'line 40\nextra\n')
    const expected = structuredPatch('', '', before, after, undefined, undefined, { context: 3 })
    expect(appliedHunks(before, after).map((hunk) => hunk.lines)).toEqual(
      expected.hunks.map((hunk) => hunk.lines),
    )
  })

  it.each([
    ['negative', -1],
    ['fractional', 1.5],
    ['NaN', Number.NaN],
    ['-Infinity', Number.NEGATIVE_INFINITY],
  ])('refuses a %s context with a RangeError', (_label, context) => {
    expect(() => appliedHunks('a\n', 'b\n', { context })).toThrow(
      new RangeError(
        `appliedHunks: context must be a non-negative integer or Infinity, got ${String(context)}`,
      ),
    )
  })

  it.each([
    ['a string', '3', 'string'],
    ['null', null, 'null'],
  ])('refuses %s as context with a TypeError', (_label, context, received) => {
    expect(() => appliedHunks('a\n', 'b\n', { context: context as unknown as number })).toThrow(
      new TypeError(`appliedHunks: context must be a number, got ${received}`),
    )
  })

  it('refuses a bad maxEditLength with a RangeError', () => {
    expect(() => appliedHunks('a\n', 'b\n', { maxEditLength: -1 })).toThrow(RangeError)
    expect(() => appliedHunks('a\n', 'b\n', { maxEditLength: 0.5 })).toThrow(RangeError)
  })

  it('refuses texts that are not strings with a TypeError', () => {
    expect(() => appliedHunks(undefined as unknown as null, 'a')).toThrow(
      new TypeError('appliedHunks: oldText must be a string or null, got undefined'),
    )
    expect(() => appliedHunks('a', null as unknown as string)).toThrow(
      new TypeError('appliedHunks: newText must be a string, got null'),
    )
    expect(() => appliedHunks({} as unknown as string, 'a')).toThrow(TypeError)
  })
})
