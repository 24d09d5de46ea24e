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
})
