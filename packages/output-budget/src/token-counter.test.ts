import { countTokens } from 'gpt-tokenizer/encoding/o200k_base'
import { describe, expect, it } from 'vitest'
import { cjkWithEmoji, lockfileDiff, serviceLog } from './__fixtures__/outputs.js'
import { loadO200kTokenCounter } from './index.js'

const count = await loadO200kTokenCounter()
const asPlainText = { disallowedSpecial: new Set<string>() }

describe('loadO200kTokenCounter', () => {
  it.each([
    ['a service log', serviceLog(100_000)],
    ['a lockfile diff', lockfileDiff(100_000)],
    ['Chinese with emoji', cjkWithEmoji(50_000)],
    ['a separator line of 256 `=`', `a\n${'='.repeat(256)}\nb`],
    ['a special token’s text', '<|endoftext|> '.repeat(100)],
  ])('counts %s exactly as o200k_base does', (_name, text) => {
    expect(count(text)).toBe(countTokens(text, asPlainText))
  })

  // SPEC §20: linear cost for any text; a run longer than 256 counts as the sum of its pieces.
  it('counts a run longer than 256 units as the sum of its pieces of 256', () => {
    const piece = countTokens('='.repeat(256), asPlainText)
    expect(count('='.repeat(256 * 1_000))).toBe(piece * 1_000)
    expect(count(`x ${'a'.repeat(256 * 4)}`)).toBe(
      countTokens(`x ${'a'.repeat(256)}`, asPlainText) +
        3 * countTokens('a'.repeat(256), asPlainText),
    )
  })
})
