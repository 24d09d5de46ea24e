import { Buffer } from 'node:buffer'
import type * as O200k from 'gpt-tokenizer/encoding/o200k_base'
import { describe, expect, it, vi } from 'vitest'
import { answering, budgetRegistry, call, textOf } from './__fixtures__/budget-registry.js'
import { longestRunOf } from './__fixtures__/runs.js'
import { loadO200kTokenCounter, outputBudget } from './index.js'

/** `outputBudget` with its default counter on a text that is one long run without a break. */

/** What the `o200k_base` encoder was handed: characters in all, and its work on them. */
const handed = vi.hoisted(() => ({ characters: 0, work: 0, longestRun: 0 }))

vi.mock('gpt-tokenizer/encoding/o200k_base', async (importOriginal) => {
  const original = await importOriginal<typeof O200k>()
  return {
    ...original,
    countTokens: (text: string, options?: Parameters<typeof original.countTokens>[1]) => {
      const run = longestRunOf(text)
      handed.characters += text.length
      // A byte-pair encoder merges a run one pair at a time: the square of its length at most.
      handed.work += text.length * run
      handed.longestRun = Math.max(handed.longestRun, run)
      // A run the encoder would take minutes over (the defect) is answered by its bytes, so that
      // a regression fails the assertions below rather than hang the suite.
      return run > 4_096 ? Buffer.byteLength(text) : original.countTokens(text, options)
    },
  }
})

const count = await loadO200kTokenCounter()

/** Cuts `text` at the default budget, and what the encoder was handed for it. */
async function cutOnce(text: string): Promise<typeof handed & { tokens: number }> {
  const { registry } = budgetRegistry()
  registry.use(outputBudget({ spill: false }))
  registry.register(answering('run', [{ type: 'text', text }]))
  Object.assign(handed, { characters: 0, work: 0, longestRun: 0 })
  const result = await call(registry, 'run')
  const work = { ...handed }
  return { ...work, tokens: count(textOf(result.content)) }
}

// SPEC §20: "A 100 MB text result … stays under one second": the count and the cut cost work
// linear in the text, whatever it holds; measured by what the encoder is handed, not by time.
describe('outputBudget: one long run without a break (SPEC §20: linear work)', () => {
  it.each([
    ['=', '='],
    ['a', 'a'],
    ['an emoji', '😀'],
    ['base64 of zeros', 'A'],
  ])('cuts a run of %s in work linear in its length, within the budget', async (_name, unit) => {
    const perCharacter: number[] = []
    for (const size of [1_000_000, 4_000_000]) {
      const text = unit.repeat(size / unit.length)
      const { characters, work, longestRun, tokens } = await cutOnce(text)
      expect(tokens).toBeLessThanOrEqual(25_000)
      expect(longestRun).toBeLessThanOrEqual(256)
      expect(characters).toBeLessThanOrEqual(size * 4)
      perCharacter.push(work / size)
    }
    // Four times the text, not sixteen times the work: the same work per character, or less.
    const [small = 0, large = 0] = perCharacter
    expect(large).toBeLessThanOrEqual(small * 1.5)
    expect(small).toBeLessThanOrEqual(4 * 256)
  })
})
