import { ordinaryOutput } from '@toolpipe/fake-secrets'
import { describe, expect, it } from 'vitest'
import { redactSecrets } from './redact-secrets.js'

// SPEC §25: "≤ 20 µs per KB of text scanned" — on ordinary tool output, measured by the bench
// (`pnpm bench redact`). Here: no text costs much more than ordinary output of its size. Each
// hostile text is timed against ordinary output of the same size, scanned in turns (so that a
// loaded machine slows both alike), medians compared: a rule that reads far ahead from every
// place it starts (the pem-private-key rule read 16,000 characters after every BEGIN line: 2.3 s
// on 1 MB, over 100 times ordinary output) fails by a wide margin, and noise does not.

const size = 1024 * 1024
const fill = (unit: string) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size)
const ordinary = fill(
  ordinaryOutput(200)
    .map((output) => output.text)
    .join('\n'),
)
const base64Line = 'MC4CAQAwBQYDK2VwBCIEIP'.padEnd(64, 'A')

/** Texts a rule could read far ahead in from every place it starts: `[what, source, unit]`. */
const hostile: readonly [string, string, string][] = [
  ['BEGIN lines alone', 'audit: dos2.mjs, dos3.mjs', '-----BEGIN PRIVATE KEY-----\n'],
  [
    'BEGIN lines, each with a body line and no END',
    'a key cut short, repeated',
    `-----BEGIN RSA PRIVATE KEY-----\n${base64Line}\n`,
  ],
  [
    'keys whose END is another block’s',
    'mismatched markers',
    `-----BEGIN PRIVATE KEY-----\n${base64Line}\n-----END PUBLIC KEY-----\n`,
  ],
  [
    'a parser’s source line quoting both markers',
    'audit: fp.mjs',
    `if (line === '-----BEGIN PRIVATE KEY-----') open() // '-----END PRIVATE KEY-----'\n`,
  ],
  [
    'both markers around bodies of 39-character runs',
    'one short of a key line: the body check’s longest near miss',
    `-----BEGIN PRIVATE KEY-----\n${`${'A'.repeat(39)} `.repeat(100)}\n-----END PRIVATE KEY-----\n`,
  ],
  [
    'AWS key names with 39 characters after them',
    'one short of a key: the aws rules’ near miss',
    `aws_secret_access_key => "${'A'.repeat(39)}"\n`,
  ],
]

/** The median of `runs` scans of each text, the texts scanned in turns. */
function medians(scan: (text: string) => unknown, texts: readonly string[], runs = 5): number[] {
  for (const text of texts) scan(text) // compiled and warm before anything is timed
  const samples = texts.map((): number[] => [])
  for (let run = 0; run < runs; run++) {
    texts.forEach((text, index) => {
      const start = performance.now()
      scan(text)
      samples[index]?.push(performance.now() - start)
    })
  }
  return samples.map((times) => times.sort((a, b) => a - b)[Math.floor(runs / 2)] ?? Infinity)
}

describe('§25 bounded work: no 1 MB text costs much more to scan than 1 MB of ordinary output', () => {
  const { scan } = redactSecrets()

  it.each(hostile)('%s (%s)', { timeout: 60_000 }, (_what, _source, unit) => {
    const text = fill(unit)
    expect(scan(text)).toEqual([])
    const [hostileTime = Infinity, ordinaryTime = 0] = medians(scan, [text, ordinary])
    expect(
      hostileTime,
      `${hostileTime.toFixed(1)} ms against ${ordinaryTime.toFixed(1)} ms for ordinary output`,
    ).toBeLessThan(10 * ordinaryTime)
  })
})
