import { describe, expect, it } from 'vitest'
import { customScanner } from './recommended-rules.js'
import type { Scanner } from './recommended-rules.js'
import { scanText, windowOverlap, windowSize } from './scan-text.js'

const token: Scanner = customScanner({ id: 'tok', pattern: /tok_[a-z0-9]{20}/ })
const secret = `tok_${'a1'.repeat(10)}`
const none = new Set<string>()
const failures: [string, unknown][] = []
const fail = (ruleId: string, error: unknown) => failures.push([ruleId, error])

describe('scanText', () => {
  it('finds each secret with its offsets and 1-based line', () => {
    const text = `first\nkey ${secret}\nthird ${secret}`
    expect(scanText(text, [token], none, fail)).toEqual([
      { ruleId: 'tok', start: 10, end: 34, line: 2 },
      { ruleId: 'tok', start: 41, end: 65, line: 3 },
    ])
  })

  it('counts one secret two rules find once, as the first rule’s', () => {
    const again = customScanner({ id: 'again', pattern: /tok_\w+/ })
    expect(scanText(secret, [token, again], none, fail)).toEqual([
      { ruleId: 'tok', start: 0, end: 24, line: 1 },
    ])
  })

  it('leaves out the values allowed', () => {
    expect(scanText(`a ${secret}`, [token], new Set([secret]), fail)).toEqual([])
  })

  it('searches only text holding a rule’s keyword (regardless of case)', () => {
    let calls = 0
    const keyed: Scanner = {
      ...customScanner({ id: 'keyed', pattern: /acme_\w+/, keywords: ['acme_'] }),
      scan: () => {
        calls++
        return []
      },
    }
    scanText('nothing here', [keyed], none, fail)
    expect(calls).toBe(0)
    scanText('an ACME_ key', [keyed], none, fail)
    expect(calls).toBe(1)
  })

  it('reports a rule that throws and goes on with the others', () => {
    failures.length = 0
    const broken: Scanner = {
      id: 'broken',
      scan: () => {
        throw new Error('boom')
      },
    }
    expect(scanText(secret, [broken, token], none, fail)).toHaveLength(1)
    expect(failures.map(([id]) => id)).toEqual(['broken'])
  })

  it('scans a text holding NUL characters as any other', () => {
    expect(scanText(`PNG\u0000\u0001${secret}`, [token], none, fail)).toEqual([
      { ruleId: 'tok', start: 5, end: 29, line: 1 },
    ])
  })

  it('keeps the quotes and backslashes at a match’s edges out of the finding', () => {
    const quoted = customScanner({ id: 'uri', pattern: /"?mongodb:\/\/\S+/ })
    const text = `MONGO_URI="mongodb://u:p@db/x"\nJSON: \\"mongodb://u:p@db/y\\"`
    const found = scanText(text, [quoted], none, fail)
    expect(found.map(({ start, end }) => text.slice(start, end))).toEqual([
      'mongodb://u:p@db/x',
      'mongodb://u:p@db/y',
    ])
    expect(scanText(text, [quoted], new Set(['mongodb://u:p@db/x']), fail)).toHaveLength(1)
  })

  it('finds secrets in a 10 MB text window by window: at the start, across a boundary, at the end', () => {
    const filler = 'x'.repeat(windowSize - windowOverlap - 10)
    const text = `${secret}\n${filler}${secret}\n${'y'.repeat(10 * 1024 * 1024)}\n${secret}`
    const found = scanText(text, [token], none, fail)
    expect(found.map((finding) => finding.start)).toEqual([
      0,
      secret.length + 1 + filler.length,
      text.length - secret.length,
    ])
    expect(found.map((finding) => finding.line)).toEqual([1, 2, 4])
  })

  it('scans a 1 MB line of the characters a key is made of', () => {
    const text = `${'a1'.repeat(512 * 1024)} ${secret}`
    expect(scanText(text, [token], none, fail)).toEqual([
      { ruleId: 'tok', start: text.length - secret.length, end: text.length, line: 1 },
    ])
  })

  describe('§25 a match a window edge cuts is reported once, whole', () => {
    const word = customScanner({ id: 'tok', pattern: /tok_[a-z]+/ })
    const long = `tok_${'abcdefghijklmnopqrstuvwxyz'.repeat(2)}`
    const straddling = `${' '.repeat(windowSize - 10)}${long} end`

    it('finds a match straddling the first window’s end whole, and only once', () => {
      expect(scanText(straddling, [word], none, fail)).toEqual([
        { ruleId: 'tok', start: windowSize - 10, end: windowSize - 10 + long.length, line: 1 },
      ])
    })

    it('leaves such a match out whole when its value is allowed', () => {
      expect(scanText(straddling, [word], new Set([long]), fail)).toEqual([])
    })

    it('reports no piece the next window’s start makes of a longer word', () => {
      // `\b` holds at a window's first character: the piece `ijklmnop` is no match in the text.
      const eight = customScanner({ id: 'eight', pattern: /\b[a-z]{8}\b/ })
      const nextStart = windowSize - windowOverlap
      const text = `${' '.repeat(nextStart - 8)}abcdefghijklmnop${' '.repeat(windowSize)}`
      expect(scanText(text, [eight], none, fail)).toEqual([])
    })

    it('still reports a match longer than the overlap that no window sees whole', () => {
      const huge = `tok_${'a'.repeat(2 * windowOverlap)}`
      const text = `${' '.repeat(windowSize - windowOverlap - 100)}${huge} end`
      const found = scanText(text, [word], none, fail)
      expect(found[0]).toMatchObject({ ruleId: 'tok', start: text.indexOf(huge) })
      expect(found).toHaveLength(1)
    })
  })
})
