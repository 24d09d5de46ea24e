import { describe, expect, it } from 'vitest'
import { recommendedScanners } from './recommended-rules.js'

// SPEC §25: "every match counts". secretlint's AWS rule reports the key's length from the start of
// its name, and names the key in its message: each report is placed on the key it found.

const key = 'Er7zvEnfN5EzJBtv301vCVJqYTyU3jMdkaT1mWtl'

/** Where each copy of `value` starts in `text`. */
function occurrences(text: string, value: string): [number, number][] {
  const found: [number, number][] = []
  for (let at = text.indexOf(value); at !== -1; at = text.indexOf(value, at + 1)) {
    found.push([at, at + value.length])
  }
  return found
}

function awsScanner() {
  const scanner = recommendedScanners().find((candidate) => candidate.id === 'aws')
  if (scanner === undefined) throw new Error('the preset has no aws rule')
  return scanner
}

/** The separators secretlint's AWS rule reads, as the files that hold them write the key. */
const forms: readonly [string, (value: string) => string][] = [
  ['= (.env, shell)', (value) => `AWS_SECRET_ACCESS_KEY=${value}`],
  [': (YAML)', (value) => `aws_secret_access_key: ${value}`],
  ['=> (Ruby, Perl, PHP)', (value) => `{ :secret_access_key => "${value}" }`],
]

const cases = forms.flatMap(([form, write]) =>
  [2, 3].flatMap((copies) =>
    [
      ['lines', '\n'],
      ['one line', ', '],
    ].map(([layout, separator]) => ({
      form,
      copies,
      layout,
      text: ['production', 'staging', 'test']
        .slice(0, copies)
        .map((stage) => `${stage}:    ${write(key)}`)
        .join(separator),
    })),
  ),
)

describe('§25 every match counts: each report of the preset’s AWS rule is placed on its own copy', () => {
  it.each(cases)('$copies copies after $form, on $layout', ({ text, copies }) => {
    const ranges = awsScanner().scan(text)
    expect(ranges).toEqual(occurrences(text, key))
    expect(ranges).toHaveLength(copies)
  })

  it('places a report on the copy its range holds, not on an earlier copy of the same value', () => {
    const text = `rotated from ${key}\nAWS_SECRET_ACCESS_KEY=${key}`
    expect(awsScanner().scan(text)).toEqual([occurrences(text, key)[1]])
  })

  it('places a key printed again after another key on its own copy', () => {
    const other = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYz0QWERT9k3'
    const text = `AWS_SECRET_ACCESS_KEY=${key}\nAWS_SECRET_ACCESS_KEY=${other}\nAWS_SECRET_ACCESS_KEY=${key}`
    const [first, last] = occurrences(text, key)
    expect(awsScanner().scan(text)).toEqual([first, ...occurrences(text, other), last])
  })
})
