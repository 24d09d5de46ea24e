import { describe, expect, it } from 'vitest'
import { cjkWithEmoji, isWellFormed, lockfileDiff, serviceLog } from '../__fixtures__/outputs.js'
import { longestRunOf } from '../__fixtures__/runs.js'
import { countInPieces, longestRun, splitLongRuns } from './count-in-pieces.js'
import { runKinds } from './run-kinds.js'

const kinds = runKinds()

/** The pieces `splitLongRuns` makes of `text`. */
function piecesOf(text: string): string[] {
  const pieces: string[] = []
  splitLongRuns(text, kinds, (piece) => pieces.push(piece))
  return pieces
}

describe('splitLongRuns (SPEC §20: a cost linear in the text, exact counts for ordinary text)', () => {
  it.each([
    ['a service log', serviceLog(200_000)],
    ['a lockfile diff', lockfileDiff(200_000)],
    ['Chinese with emoji', cjkWithEmoji(100_000)],
    ['a separator line of 256 `=`', `start\n${'='.repeat(256)}\nend`],
    ['a million digits', '7'.repeat(1_000_000)],
    ['short runs of every kind, side by side', 'ab=='.repeat(10_000)],
  ])('counts %s whole, in one call', (_name, text) => {
    expect(piecesOf(text)).toEqual([text])
  })

  it.each([
    ['`=`', '='.repeat(1_000)],
    ['`a`', 'a'.repeat(1_000)],
    ['base64 of zeros', 'A'.repeat(1_000)],
    ['spaces', ' '.repeat(1_000)],
    ['line breaks', '\n'.repeat(1_000)],
    ['an emoji', '😀'.repeat(500)],
  ])('cuts a run of 1,000 units of %s into pieces of at most 256', (_name, run) => {
    const pieces = piecesOf(`x1 ${run} 2y`)
    expect(pieces.join('')).toBe(`x1 ${run} 2y`)
    expect(pieces).toHaveLength(4)
    for (const piece of pieces) expect(longestRunOf(piece)).toBeLessThanOrEqual(longestRun)
  })

  it('cuts inside long runs only: a text around one keeps its ordinary parts whole', () => {
    const log = serviceLog(5_000)
    const pieces = piecesOf(`${log}\n${'='.repeat(600)}\n${log}`)
    expect(pieces[0]?.startsWith(`${log}\n`)).toBe(true)
    expect(pieces.at(-1)?.endsWith(`\n${log}`)).toBe(true)
    expect(pieces).toHaveLength(3)
  })

  it.each([
    ['letters with marks', 'e\u0301'.repeat(400)],
    ['symbols with marks', '!\u0301'.repeat(400)],
    ['symbols, then marks, then letters', `!${'\u0301'.repeat(300)}${'a'.repeat(300)}`],
    ['a mix of whitespace', ' \t\u00a0\u3000'.repeat(200)],
    ['CJK without a break', '日本語'.repeat(200)],
  ])('cuts a long run of %s, which one pre-token would hold, too', (_name, text) => {
    const pieces = piecesOf(text)
    expect(pieces.length).toBeGreaterThan(1)
    for (const piece of pieces) expect(longestRunOf(piece)).toBeLessThanOrEqual(longestRun)
  })

  it('never cuts a surrogate pair in two', () => {
    for (const text of ['😀'.repeat(1_000), `x${'😀'.repeat(1_000)}`, `=${'🚀😀'.repeat(700)}`]) {
      for (const piece of piecesOf(text)) expect(isWellFormed(piece)).toBe(true)
    }
  })

  it('makes pieces of at most 256 units of a long run, each unit in one piece', () => {
    for (const size of [1_000_000, 4_000_000]) {
      for (const unit of ['=', 'a', '😀', 'A']) {
        const pieces = piecesOf(unit.repeat(size / unit.length))
        expect(pieces.reduce((sum, piece) => sum + piece.length, 0)).toBe(size)
        expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThanOrEqual(longestRun)
      }
    }
  })
})

describe('countInPieces', () => {
  /** A counter of one token per unit that keeps what it is handed. */
  function recording(): { count: (text: string) => number; handed: string[] } {
    const handed: string[] = []
    return {
      handed,
      count: (text) => {
        handed.push(text)
        return text.length
      },
    }
  }

  it('counts a text without a long run whole, in one call', () => {
    const counter = recording()
    const text = serviceLog(100_000)
    expect(countInPieces(text, counter.count, kinds)).toBe(text.length)
    expect(counter.handed).toEqual([text])
  })

  it('sums the counts of the pieces, counting a piece like the one before it once', () => {
    const counter = recording()
    const text = `start ${'='.repeat(256 * 1_000)} end`
    expect(countInPieces(text, counter.count, kinds)).toBe(text.length)
    expect(counter.handed).toEqual([
      `start ${'='.repeat(256)}`,
      '='.repeat(256),
      `${'='.repeat(256)} end`,
    ])
  })
})
