import type { ToolRegistryPlugin } from '@toolpipe/tools'
import { describe, expectTypeOf, it } from 'vitest'
import type { OutputBudgetError, OutputBudgetOptions, TokenCounter } from './index.js'
import { loadO200kTokenCounter, outputBudget } from './index.js'

describe('outputBudget', () => {
  it('is a registry plugin with optional options', () => {
    expectTypeOf(outputBudget()).toEqualTypeOf<ToolRegistryPlugin>()
    expectTypeOf(outputBudget).parameter(0).toEqualTypeOf<OutputBudgetOptions | undefined>()
  })

  it('takes a budget, a counter, a preview split and a spill folder or false', () => {
    outputBudget({
      maxTokens: 10_000,
      countTokens: (text) => text.length,
      preview: { headTokens: 4_000, tailTokens: 2_000 },
      spill: { dir: '/var/tmp/agent-output' },
    })
    outputBudget({ spill: false, preview: {} })
    // @ts-expect-error: spill is a folder or false, never true
    outputBudget({ spill: true })
    // @ts-expect-error: spill needs its folder
    outputBudget({ spill: {} })
    // @ts-expect-error: maxTokens is a number of tokens
    outputBudget({ maxTokens: '10k' })
    // @ts-expect-error: a counter answers a number
    outputBudget({ countTokens: (text: string) => text })
    // @ts-expect-error: a counter takes the text
    outputBudget({ countTokens: (text: number) => text })
    // @ts-expect-error: the preview is counted in tokens
    outputBudget({ preview: { headTokens: '50%' } })
  })

  it('accepts any synchronous text → number counter', () => {
    expectTypeOf<TokenCounter>().toEqualTypeOf<(text: string) => number>()
    expectTypeOf(loadO200kTokenCounter).returns.toEqualTypeOf<Promise<TokenCounter>>()
    // @ts-expect-error: a counter is synchronous
    outputBudget({ countTokens: async (text: string) => text.length })
  })

  it('types its error’s code', () => {
    expectTypeOf<OutputBudgetError['code']>().toEqualTypeOf<'INVALID_OPTIONS'>()
    expectTypeOf<OutputBudgetError['name']>().toEqualTypeOf<'OutputBudgetError'>()
  })
})
