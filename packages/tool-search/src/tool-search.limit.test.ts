import { callInput } from '@toolpipe/call-inputs'
import { createToolRegistry } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { deferred } from './__fixtures__/catalogue.js'
import { toolSearch } from './tool-search.js'
import { ToolSearchError } from './tool-search-error.js'

/**
 * SPEC §24: `find(query: string, limit?: number)` and `tool_search`'s `{ query; limit? }`: how
 * many tools each finds, and what each does with a limit it cannot use.
 */

/** Eight deferred tools that all match `query`, searched with `maxResults: 3`. */
function widgets() {
  const registry = createToolRegistry()
  for (let index = 0; index < 8; index++) {
    registry.register(deferred(`widget_${String(index)}`, 'Polish a widget.'))
  }
  return { registry, search: toolSearch(registry, { maxResults: 3 }) }
}
const query = 'polish a widget'

/** What `run` threw, or `undefined`. */
function thrownBy(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  return undefined
}

const unreadable = new Proxy(
  {},
  {
    get() {
      throw new Error('trap')
    },
    getPrototypeOf() {
      throw new Error('trap')
    },
    ownKeys() {
      throw new Error('trap')
    },
  },
)

describe('SPEC §24 find(query, limit?): the limit', () => {
  it('finds none for a limit of 0, though the query matches', () => {
    const { search } = widgets()
    expect(search.find(query)).toHaveLength(3)
    expect(search.find(query, 0)).toEqual([])
    expect(search.find(query, -0)).toEqual([])
    expect(search.find(query, 1)).toHaveLength(1)
    // Above maxResults: `find` is not capped (only tool_search is).
    expect(search.find(query, 20)).toHaveLength(8)
  })

  it.each([
    ['-1', -1, 'got -1'],
    ['1.5', 1.5, 'got 1.5'],
    ['NaN', Number.NaN, 'got NaN'],
    ['Infinity', Number.POSITIVE_INFINITY, 'got Infinity'],
    ['-Infinity', Number.NEGATIVE_INFINITY, 'got -Infinity'],
    ['a numeric string', '3', 'got "3"'],
    ['null', null, 'got null'],
    ['a bigint', 3n, 'got a bigint'],
    ['a Number object', Object(3) as unknown, 'got an instance of Number'],
    ['an object with valueOf', { valueOf: () => 3 }, 'got an object with keys ["valueOf"]'],
    ['an array', [3], 'got an array'],
    ['a Proxy whose traps throw', unreadable, 'got an unreadable object'],
  ])('refuses %s with ToolSearchError INVALID_OPTIONS, naming the limit', (_, limit, got) => {
    const { search } = widgets()
    const error = thrownBy(() => search.find(query, limit as number))
    expect(error).toBeInstanceOf(ToolSearchError)
    expect(error).toMatchObject({
      name: 'ToolSearchError',
      code: 'INVALID_OPTIONS',
      message: `find: limit must be an integer of at least 0, ${got}`,
    })
    // The search still works after a refusal.
    expect(search.find(query, 2)).toHaveLength(2)
  })

  it('still never throws for a query it cannot use, given a limit it can', () => {
    const { search } = widgets()
    for (const bad of [undefined, null, 42, {}, unreadable]) {
      expect(search.find(bad as string, 2)).toEqual([])
    }
  })
})

describe('SPEC §24 tool_search { query; limit? }: a model’s bad limit', () => {
  it.each([
    ['0', 0],
    ['-1', -1],
    ['1.5', 1.5],
    ['a numeric string', '3'],
    ['a boolean', true],
    ['an array', [3]],
    ['an object', { count: 3 }],
  ])('answers %s with the INVALID_ARGS tool error, loading nothing', async (_, limit) => {
    const { search } = widgets()
    const session = search.session()
    const result = await session.execute(callInput('tool_search', { query, limit }))
    expect(result).toMatchObject({
      isError: true,
      error: { code: 'INVALID_ARGS' },
      content: [{ type: 'text', text: expect.stringContaining('"limit"') as unknown }],
    })
    expect(session.loaded.size).toBe(0)
  })

  it('never rejects for a limit JSON cannot carry, and reads null as absent', async () => {
    const { search } = widgets()
    const session = search.session()
    for (const limit of [Number.NaN, Number.POSITIVE_INFINITY]) {
      const result = await session.execute(callInput('tool_search', { query, limit }))
      expect(result).toMatchObject({ isError: true })
    }
    expect(session.loaded.size).toBe(0)
    // A strict model sends null for an absent member: the default, maxResults.
    const defaulted = await session.execute(callInput('tool_search', { query, limit: null }))
    expect(defaulted).toMatchObject({ isError: false })
    expect(session.loaded.size).toBe(3)
  })
})
