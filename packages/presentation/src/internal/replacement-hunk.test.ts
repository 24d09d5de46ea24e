import { describe, expect, it } from 'vitest'
import { replacementHunk, splitLines } from './replacement-hunk.js'

describe('splitLines', () => {
  it('keeps each line’s newline, and a last line without one', () => {
    expect(splitLines('a\nb\nc')).toEqual(['a\n', 'b\n', 'c'])
    expect(splitLines('a\n\n')).toEqual(['a\n', '\n'])
    expect(splitLines('')).toEqual([])
  })
})

describe('replacementHunk', () => {
  it('replaces everything between the common first and last lines, with context around it', () => {
    const oldText = 'a\nb\nc\nd\ne\nf\n'
    const newText = 'a\nb\nX\nY\ne\nf\n'
    expect(replacementHunk(oldText, newText, 1)).toEqual({
      oldStart: 2,
      oldLines: 4,
      newStart: 2,
      newLines: 4,
      lines: [' b', '-c', '-d', '+X', '+Y', ' e'],
    })
  })

  it('numbers an insertion into an empty text as after line 0', () => {
    expect(replacementHunk('', 'new\n', 3)).toEqual({
      oldStart: 0,
      oldLines: 0,
      newStart: 1,
      newLines: 1,
      lines: ['+new'],
    })
  })

  it('flags a missing final newline only when the hunk reaches the end', () => {
    expect(replacementHunk('a\nb', 'a\nc', 3)).toMatchObject({
      lines: [' a', '-b', '+c'],
      noNewlineAtEnd: { old: true, new: true },
    })
    expect(replacementHunk('x\nmid\ny\nz', 'x\nMID\ny\nz', 0)).not.toHaveProperty('noNewlineAtEnd')
  })
})
