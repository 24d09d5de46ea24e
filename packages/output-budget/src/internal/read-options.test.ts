import { describe, expect, it } from 'vitest'
import { OutputBudgetError } from '../output-budget-error.js'
import { defaultMaxTokens, readOptions } from './read-options.js'

describe('readOptions', () => {
  it('defaults to 25,000 tokens, the o200k counter, an even preview and a private folder', () => {
    for (const options of [undefined, {}]) {
      expect(readOptions(options)).toEqual({
        maxTokens: 25_000,
        countTokens: undefined,
        headTokens: undefined,
        tailTokens: undefined,
        spill: { dir: undefined },
      })
    }
    expect(defaultMaxTokens).toBe(25_000)
  })

  it('reads every option', () => {
    const countTokens = (text: string) => text.length
    expect(
      readOptions({
        maxTokens: 10,
        countTokens,
        preview: { headTokens: 0, tailTokens: 4 },
        spill: { dir: '/x' },
      }),
    ).toEqual({ maxTokens: 10, countTokens, headTokens: 0, tailTokens: 4, spill: { dir: '/x' } })
    expect(readOptions({ spill: false }).spill).toBe(false)
  })

  it.each([
    [null, 'options must be an object, got null'],
    [[], 'options must be an object, got array'],
    [{ maxTokens: 0 }, 'maxTokens must be a whole number of tokens ≥ 1, got 0'],
    [{ maxTokens: 1.5 }, 'maxTokens must be a whole number of tokens ≥ 1, got 1.5'],
    [
      { maxTokens: Number.POSITIVE_INFINITY },
      'maxTokens must be a whole number of tokens ≥ 1, got Infinity',
    ],
    [{ maxTokens: '100' }, 'maxTokens must be a whole number of tokens ≥ 1, got "100"'],
    [
      { countTokens: 'o200k' },
      'countTokens must be a function (text: string) => number, got "o200k"',
    ],
    [{ preview: 5 }, 'preview must be an object, got 5'],
    [
      { preview: { headTokens: -1 } },
      'preview.headTokens must be a whole number of tokens ≥ 0, got -1',
    ],
    [
      { preview: { tailTokens: Number.NaN } },
      'preview.tailTokens must be a whole number of tokens ≥ 0, got NaN',
    ],
    [{ spill: true }, 'spill must be false or { dir: string }, got true'],
    [
      { spill: {} },
      'spill.dir must be a non-empty folder path without NUL characters, got undefined',
    ],
    [
      { spill: { dir: '' } },
      'spill.dir must be a non-empty folder path without NUL characters, got ""',
    ],
    [
      { spill: { dir: '/tmp/\0x' } },
      'spill.dir must be a non-empty folder path without NUL characters, got "/tmp/\\u0000x"',
    ],
  ])('refuses %j: %s', (options, message) => {
    expect(() => readOptions(options)).toThrow(new OutputBudgetError(`outputBudget: ${message}`))
    try {
      readOptions(options)
    } catch (error) {
      expect(error).toMatchObject({ name: 'OutputBudgetError', code: 'INVALID_OPTIONS' })
    }
  })

  it('reads each option once, and names one that cannot be read', () => {
    let reads = 0
    const options = {
      get maxTokens() {
        reads++
        return 7
      },
    }
    expect(readOptions(options).maxTokens).toBe(7)
    expect(reads).toBe(1)
    const cause = new Error('boom')
    const hostile = {
      get spill() {
        throw cause
      },
    }
    expect(() => readOptions(hostile)).toThrow('outputBudget: spill could not be read: boom')
    try {
      readOptions(hostile)
    } catch (error) {
      expect((error as Error).cause).toBe(cause)
    }
  })
})
