import { callInput } from '@toolpipe/call-inputs'
import { createToolRegistry } from '@toolpipe/tools'
import MiniSearch from 'minisearch'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { catalogue, deferred, readFile } from './__fixtures__/catalogue.js'
import { toolSearch } from './tool-search.js'

/** SPEC §24: `find`, what it searches, and how it follows the registry. */

function searchOver(...extra: Parameters<typeof toolSearch>[1][]) {
  const registry = createToolRegistry()
  registry.register(readFile)
  for (const tool of catalogue) registry.register(tool)
  return { registry, search: toolSearch(registry, extra[0]) }
}

const names = (matches: readonly { name: string }[]) => matches.map((match) => match.name)

describe('find', () => {
  it('finds a deferred tool by what it does, in words its name does not use, best first', () => {
    const { search } = searchOver()
    // "ticket" is related to "issue", "repository" is in the description and a parameter.
    expect(names(search.find('open a ticket in the repository about the crash'))[0]).toBe(
      'github_create_issue',
    )
    // Stemming: "refunding" meets "Refund"; related words: "money back" is in a parameter.
    expect(names(search.find('give a customer their money back'))[0]).toBe('stripe_create_refund')
    expect(names(search.find('where on the globe is 10 Downing Street'))[0]).toBe('maps_geocode')
    // The server's own text (searchText): "Postgres" names no word of the tool itself.
    expect(names(search.find('how many orders in postgres'))[0]).toBe('db_query')
    // Parameter descriptions: "channel".
    expect(names(search.find('say hello in the team channel'))[0]).toBe('slack_post_message')
    const scored = search.find('issue pull request repository', 5)
    expect(scored.map((match) => match.score)).toEqual(
      [...scored.map((match) => match.score)].sort((a, b) => b - a),
    )
    expect(scored.every((match) => match.score > 0)).toBe(true)
  })

  it('searches every tool the scope sees but tool_search, always-loaded ones too', async () => {
    const { search, registry } = searchOver()
    expect(names(search.find('read a text file'))).toContain('read_file')
    expect(names(search.find('search for more tools by what you want to do'))).not.toContain(
      'tool_search',
    )
    // tool_search itself lists only what a session does not show from the start.
    const result = await registry.execute(callInput('tool_search', { query: 'read a text file' }))
    const found = (result.structured as { tools: { name: string }[] }).tools.map(
      (tool) => tool.name,
    )
    expect(found).not.toContain('read_file')
  })

  it('returns at most limit matches, maxResults by default', () => {
    const { search } = searchOver({ maxResults: 2 })
    expect(search.find('a new message, issue, refund, file or query', 50).length).toBeGreaterThan(2)
    expect(search.find('a new message, issue, refund, file or query')).toHaveLength(2)
    expect(search.find('a new message, issue, refund, file or query', 1)).toHaveLength(1)
    // A limit of 0 finds none; one that is not an integer of at least 0 is refused
    // (tool-search.limit.test.ts).
    expect(search.find('a new message, issue, refund, file or query', 0)).toEqual([])
    for (const limit of [-1, 1.5, Number.NaN, '3' as unknown as number]) {
      expect(() => search.find('a new message, issue, refund, file or query', limit)).toThrow(
        'find: limit must be an integer of at least 0',
      )
    }
  })

  it.each([
    ['an empty query', ''],
    ['white space', ' \n\t '],
    ['only stop words', 'the of and to'],
    ['only symbols', '!@#$%^&*()'],
  ])('finds nothing for %s, without throwing', (_, query) => {
    expect(searchOver().search.find(query)).toEqual([])
  })

  it('answers a 10 KB query, a regex-laden one and one that is not a string without throwing', () => {
    const { search } = searchOver()
    const huge = 'refund the payment '.repeat(600)
    expect(huge.length).toBeGreaterThan(10_000)
    expect(names(search.find(huge))[0]).toBe('stripe_create_refund')
    expect(names(search.find('.*(delete|remove)\\s+file[s]?$ (?<x>a)+ [^\\w] \\'))[0]).toBe(
      'fs_delete_file',
    )
    expect(search.find('((((((((((a*)*)*)*)*)*)*)*)*)*)!')).toEqual(expect.any(Array))
    for (const query of [undefined, null, 42, {}, ['refund']]) {
      expect(search.find(query as string)).toEqual([])
    }
  })
})

describe('the index follows the registry (tools/change)', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('indexes only the tool a change adds, replaces or removes, never the whole catalogue again', () => {
    const { registry, search } = searchOver()
    const add = vi.spyOn(MiniSearch.prototype, 'add')
    const remove = vi.spyOn(MiniSearch.prototype, 'remove')
    // The tools' documents (their ids are names; a group's document has a number).
    const tools = (spy: typeof add | typeof remove): string[] =>
      spy.mock.calls.flatMap(([document]: [{ id: unknown }]) =>
        typeof document.id === 'string' ? [document.id] : [],
      )
    search.find('warm up')
    expect(tools(add)).toHaveLength(catalogue.length + 1)
    /** What one change re-indexed, read by the next `find`. */
    const step = (change: () => void) => {
      add.mockClear()
      remove.mockClear()
      change()
      search.find('translate a sentence')
      return { added: tools(add), removed: tools(remove) }
    }
    let dispose: () => void = () => undefined
    const mount = () => {
      dispose = registry.register(deferred('translate_text', 'Translate text.'))
    }
    expect(step(mount)).toEqual({ added: ['translate_text'], removed: [] })
    const replace = () => {
      registry.batch(() => {
        dispose()
        mount()
      })
    }
    expect(step(replace)).toEqual({
      added: ['translate_text'],
      removed: ['translate_text'],
    })
    expect(step(dispose)).toEqual({ added: [], removed: ['translate_text'] })
  })

  it('finds a tool mounted after the search was made, and not a removed one', () => {
    const { registry, search } = searchOver()
    expect(names(search.find('translate a sentence into French'))).not.toContain('translate_text')
    const dispose = registry.register(
      deferred('translate_text', 'Translate text between human languages.', {
        target_language: { type: 'string', required: true },
      }),
    )
    expect(names(search.find('translate a sentence into French'))[0]).toBe('translate_text')
    dispose()
    expect(names(search.find('translate a sentence into French'))).not.toContain('translate_text')
  })

  it('re-indexes a tool replaced under the same name', () => {
    const { registry, search } = searchOver()
    const dispose = registry.register(deferred('local_info', 'Tomorrow’s weather at a place.'))
    expect(names(search.find('weather tomorrow'))[0]).toBe('local_info')
    registry.batch(() => {
      dispose()
      registry.register(deferred('local_info', 'Tide tables of a harbour.'))
    })
    expect(names(search.find('weather tomorrow'))).not.toContain('local_info')
    expect(names(search.find('tide tables'))[0]).toBe('local_info')
  })

  it('finds nothing the scope cannot see: restricted, hidden, or another scope’s', () => {
    const registry = createToolRegistry()
    for (const tool of catalogue) registry.register(tool)
    const agent = { id: 'a' }
    const other = { id: 'b' }
    registry.restrict(agent, { deny: ['stripe_create_refund'] })
    registry.scope(other).register(deferred('secret_tool', 'Refund everything.'))
    const search = toolSearch(registry, { scope: agent })
    expect(names(search.find('refund a payment'))).not.toContain('stripe_create_refund')
    expect(names(search.find('refund a payment'))).not.toContain('secret_tool')
    const hide = registry.hide((name) => name === 'maps_geocode')
    expect(names(search.find('coordinates of an address'))).not.toContain('maps_geocode')
    hide()
    expect(names(search.find('coordinates of an address'))[0]).toBe('maps_geocode')
  })
})

describe('how many tools a search finds', () => {
  const found = (result: { structured?: unknown }) =>
    (result.structured as { tools: { name: string }[] }).tools.map((tool) => tool.name)

  it('caps a model’s limit above maxResults at maxResults instead of refusing it', async () => {
    const { registry } = searchOver({ maxResults: 5 })
    for (let index = 0; index < 8; index++) {
      registry.register(deferred(`widget_${String(index)}`, 'Polish a widget.'))
    }
    const query = 'polish a widget'
    const capped = await registry.execute(callInput('tool_search', { query, limit: 10 }))
    expect(capped).toMatchObject({ isError: false })
    expect(found(capped)).toHaveLength(5)
    const fewer = await registry.execute(callInput('tool_search', { query, limit: 2 }))
    expect(found(fewer)).toHaveLength(2)
    // Still an integer of at least 1.
    for (const limit of [0, -3, 2.5, '10']) {
      const refused = await registry.execute(callInput('tool_search', { query, limit }))
      expect(refused).toMatchObject({ isError: true, error: { code: 'INVALID_ARGS' } })
    }
  })

  it('takes maxResults up to 1,000', async () => {
    const registry = createToolRegistry()
    for (let index = 0; index < 60; index++) {
      registry.register(deferred(`widget_${String(index)}`, 'Polish a widget.'))
    }
    const search = toolSearch(registry, { maxResults: 1000 })
    expect(search.find('polish a widget')).toHaveLength(60)
    const query = { query: 'polish a widget', limit: 1000 }
    expect(found(await registry.execute(callInput('tool_search', query)))).toHaveLength(60)
  })
})

describe('a deferred tool named directly', () => {
  it('runs through the whole pipeline, found or not', async () => {
    const { registry } = searchOver()
    const denied: string[] = []
    registry.guard((exec) => {
      if (exec.name === 'fs_delete_file') {
        denied.push(exec.name)
        return 'no deleting here'
      }
      return undefined
    })
    const ran = await registry.execute(callInput('maps_geocode', { address: 'x' }))
    expect(ran).toMatchObject({
      isError: false,
      content: [{ text: 'maps_geocode ran with {"address":"x"}' }],
    })
    const refused = await registry.execute(callInput('maps_geocode', {}))
    expect(refused).toMatchObject({ isError: true, error: { code: 'INVALID_ARGS' } })
    const guarded = await registry.execute(callInput('fs_delete_file', { path: '/x' }))
    expect(guarded).toMatchObject({ isError: true, error: { code: 'GUARD_DENIED' } })
    expect(denied).toEqual(['fs_delete_file'])
  })
})
