import { callInput } from '@toolpipe/call-inputs'
import { createToolRegistry } from '@toolpipe/tools'
import type { ToolExecutionInput } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { catalogue, deferred, readFile } from './__fixtures__/catalogue.js'
import { toolSearch } from './tool-search.js'
import { ToolSearchError } from './tool-search-error.js'

/** SPEC §24: one conversation's session, what it shows step by step, and the options. */

function setUp(options?: Parameters<typeof toolSearch>[1]) {
  const registry = createToolRegistry()
  registry.register(readFile)
  for (const tool of catalogue) registry.register(tool)
  const search = toolSearch(registry, options)
  return { registry, search, session: search.session() }
}

const shownNames = (schemas: readonly { name: string }[]) => schemas.map((schema) => schema.name)

describe('a session', () => {
  it('shows the always-loaded tools and tool_search, then what its searches found', async () => {
    const { session } = setUp()
    expect(shownNames(session.schemas())).toEqual(['read_file', 'tool_search'])
    expect(session.loaded).toEqual(new Set())
    const result = await session.execute(
      callInput('tool_search', { query: 'give a customer their money back' }),
    )
    expect(result).toMatchObject({ isError: false })
    const found = (result.structured as { tools: { name: string; description: string }[] }).tools
    expect(found[0]).toEqual({
      name: 'stripe_create_refund',
      description: 'Refund a charge, fully or in part.',
    })
    expect(found.length).toBeLessThanOrEqual(5)
    expect(result.content[0]).toMatchObject({
      type: 'text',
      text: expect.stringContaining(
        '- stripe_create_refund: Refund a charge, fully or in part.',
      ) as unknown,
    })
    expect([...session.loaded]).toEqual(found.map((tool) => tool.name))
    // In the registry's order, parameters as registered.
    const shown = session.schemas()
    expect(shownNames(shown)).toContain('stripe_create_refund')
    expect(shown.find((schema) => schema.name === 'stripe_create_refund')).toEqual(
      catalogue.find((tool) => tool.name === 'stripe_create_refund') && {
        name: 'stripe_create_refund',
        description: 'Refund a charge, fully or in part.',
        parameters: expect.objectContaining({ type: 'object' }) as unknown,
      },
    )
    expect(session.shows('stripe_create_refund')).toBe(true)
    expect(session.shows('maps_geocode')).toBe(false)
    expect(session.shows('read_file')).toBe(true)
    expect(session.shows('nothing')).toBe(false)
  })

  it('shows the tools in the dialect asked for', async () => {
    const { session, registry } = setUp()
    await session.execute(callInput('tool_search', { query: 'post in a chat channel' }))
    const strict = session.schemas({ dialect: 'openai-strict' })
    expect(strict.every((schema) => schema.strict === true)).toBe(true)
    const all = registry.schemas(undefined, { dialect: 'openai-strict' })
    for (const schema of strict) expect(all).toContainEqual(schema)
  })

  it('is one per conversation: another session has loaded nothing', async () => {
    const { search, session } = setUp()
    await session.execute(callInput('tool_search', { query: 'refund' }))
    expect(session.loaded.size).toBeGreaterThan(0)
    expect(search.session().loaded.size).toBe(0)
  })

  it('loads nothing for a search that fails, and answers a query the model got wrong with INVALID_ARGS', async () => {
    const { session } = setUp({ maxResults: 3 })
    for (const args of [{}, { query: '' }, { query: 7 }, { query: 'refund', limit: 0 }]) {
      const result = await session.execute(callInput('tool_search', args))
      expect(result).toMatchObject({ isError: true, error: { code: 'INVALID_ARGS' } })
    }
    expect(session.loaded.size).toBe(0)
    const none = await session.execute(callInput('tool_search', { query: '(?:^$)|[^\\s\\S]' }))
    expect(none).toMatchObject({
      isError: false,
      structured: { tools: [] },
      content: [
        { type: 'text', text: 'No tool matches that. Search again with other words for the task.' },
      ],
    })
  })

  it('runs a tool it does not show when the model names it, through the pipeline, without loading it', async () => {
    const { session, registry } = setUp()
    const seen: string[] = []
    registry.on('tools/start', (exec) => {
      seen.push(exec.name)
    })
    const result = await session.execute(callInput('maps_geocode', { address: 'x' }))
    expect(result).toMatchObject({ isError: false })
    expect(seen).toEqual(['maps_geocode'])
    expect(session.loaded.size).toBe(0)
  })

  it('never holds a tool the scope cannot see: removed or hidden since it was found', async () => {
    const { session, registry } = setUp()
    const dispose = registry.register(
      deferred('translate_text', 'Translate text between human languages.'),
    )
    await session.execute(callInput('tool_search', { query: 'translate this sentence', limit: 1 }))
    expect([...session.loaded]).toEqual(['translate_text'])
    const hide = registry.hide((name) => name === 'translate_text')
    expect(session.loaded.size).toBe(0)
    expect(shownNames(session.schemas())).not.toContain('translate_text')
    hide()
    expect([...session.loaded]).toEqual(['translate_text'])
    dispose()
    expect(session.loaded.size).toBe(0)
    expect(session.load(['translate_text'])).toEqual([])
  })

  it('loads by name only deferred tools the scope sees', () => {
    const { session } = setUp()
    expect(
      session.load(['maps_geocode', 'read_file', 'tool_search', 'nothing', 'maps_geocode']),
    ).toEqual(['maps_geocode'])
    expect([...session.loaded]).toEqual(['maps_geocode'])
    expect(session.load(['maps_geocode'])).toEqual([])
  })

  it('does not load from a tool_search call that reached another tool of that name', async () => {
    const registry = createToolRegistry()
    for (const tool of catalogue) registry.register(tool)
    const agent = { id: 'a' }
    const search = toolSearch(registry)
    const session = search.session()
    // A scope's own tool named tool_search shadows the search's for that agent.
    registry.scope(agent).register({
      name: 'tool_search',
      description: 'an impostor',
      parameters: { type: 'object' },
      execute: () => ({ structured: { tools: [{ name: 'maps_geocode', description: '' }] } }),
    })
    await session.execute(callInput('tool_search', { query: 'x' }, { agent }))
    expect(session.loaded.size).toBe(0)
  })

  it('never rejects on input that cannot be read', async () => {
    const { session } = setUp({ scope: { id: 'a' } })
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error('boom')
        },
        ownKeys: () => {
          throw new Error('boom')
        },
      },
    )
    for (const input of [null, 42, hostile]) {
      await expect(session.execute(input as unknown as ToolExecutionInput)).resolves.toMatchObject({
        isError: true,
        error: { code: 'INVALID_INPUT' },
      })
    }
  })
})

describe('toolSearch({ scope })', () => {
  it('registers tool_search in the scope, searches what it sees, and runs a session’s calls as it', async () => {
    const registry = createToolRegistry()
    for (const tool of catalogue) registry.register(tool)
    const agent = { id: 'a' }
    const agents: unknown[] = []
    registry.on('tools/start', (exec) => {
      agents.push(exec.agent)
    })
    registry.restrict(agent, { deny: ['stripe_create_refund'] })
    const search = toolSearch(registry, { scope: agent })
    expect(registry.get('tool_search')).toBeUndefined()
    expect(registry.get('tool_search', agent)).toBe(search.tool)
    const session = search.session()
    const result = await session.execute(
      callInput('tool_search', { query: 'refund a payment or charge' }),
    )
    expect(
      (result.structured as { tools: { name: string }[] }).tools.map((tool) => tool.name),
    ).not.toContain('stripe_create_refund')
    expect(agents).toEqual([agent])
    expect(session.load(['stripe_create_refund'])).toEqual([])
  })
})

describe('toolSearch options', () => {
  it('takes alwaysLoaded as names or a function', () => {
    const names = setUp({ alwaysLoaded: ['maps_geocode'] }).session
    expect(shownNames(names.schemas())).toEqual(['maps_geocode', 'tool_search'])
    const fn = setUp({ alwaysLoaded: (tool) => tool.name.startsWith('github_') }).session
    expect(shownNames(fn.schemas())).toEqual([
      'github_create_issue',
      'github_merge_pull_request',
      'tool_search',
    ])
    // Nothing always loaded: read_file is shown only once a search (or load) loads it.
    const none = setUp({ alwaysLoaded: [] }).session
    expect(shownNames(none.schemas())).toEqual(['tool_search'])
    expect(none.load(['read_file'])).toEqual(['read_file'])
    expect(shownNames(none.schemas())).toEqual(['read_file', 'tool_search'])
  })

  it.each([
    [{ maxResults: 0 }, 'toolSearch: maxResults must be an integer from 1 to 1000, got number'],
    [{ maxResults: -5 }, 'toolSearch: maxResults must be an integer from 1 to 1000'],
    [{ maxResults: 1001 }, 'toolSearch: maxResults must be an integer from 1 to 1000'],
    [{ maxResults: 2.5 }, 'toolSearch: maxResults must be an integer from 1 to 1000'],
    [{ maxResults: Number.NaN }, 'toolSearch: maxResults must be an integer from 1 to 1000'],
    [
      { alwaysLoaded: 'read_file' },
      'toolSearch: alwaysLoaded must be an array of tool names or a function',
    ],
    [
      { alwaysLoaded: [1] },
      'toolSearch: alwaysLoaded must be an array of tool names or a function',
    ],
    [{ scope: 'a' }, 'toolSearch: scope must be'],
    ['options', 'toolSearch: options must be an object'],
  ])('refuses %j with INVALID_OPTIONS, registering nothing', (options, message) => {
    const registry = createToolRegistry()
    let error: unknown
    try {
      toolSearch(registry, options as never)
    } catch (thrown) {
      error = thrown
    }
    expect(error).toBeInstanceOf(ToolSearchError)
    expect(error).toMatchObject({
      code: 'INVALID_OPTIONS',
      message: expect.stringContaining(message) as unknown,
    })
    expect(registry.list()).toEqual([])
  })

  it('refuses a second tool_search in the same layer with the registry’s own error, following nothing', () => {
    const registry = createToolRegistry()
    toolSearch(registry)
    expect(() => toolSearch(registry)).toThrow(/tool_search/)
  })

  it('dispose unregisters tool_search and stops following the registry', () => {
    const registry = createToolRegistry()
    const search = toolSearch(registry)
    search.dispose()
    search.dispose()
    expect(registry.get('tool_search')).toBeUndefined()
    registry.register(deferred('maps_geocode', 'Convert an address into coordinates.'))
    expect(search.find('coordinates of an address')).toEqual([])
    // The name is free again.
    expect(() => toolSearch(registry)).not.toThrow()
  })
})

describe('session.executeBatch', () => {
  it('runs a step’s calls as one batch and loads what its tool_search calls found', async () => {
    const { session } = setUp()
    const { results } = await session.executeBatch([
      callInput('read_file', { path: 'a.txt' }),
      callInput('tool_search', { query: 'coordinates of an address', limit: 1 }),
      callInput('tool_search', { query: 'refund a charge', limit: 1 }),
      callInput('tool_search', {}),
    ])
    expect(results.map((result) => result.isError)).toEqual([false, false, false, true])
    expect([...session.loaded]).toEqual(['maps_geocode', 'stripe_create_refund'])
  })

  it('never rejects: inputs that are not an array are the registry’s INVALID_INPUT', async () => {
    const { session } = setUp({ scope: { id: 'a' } })
    const batch = await session.executeBatch('calls' as never)
    expect(batch.results).toMatchObject([{ isError: true, error: { code: 'INVALID_INPUT' } }])
    const hostile = new Proxy([callInput('tool_search', { query: 'refund' })], {
      get: (target, key) => {
        if (key === 'map') throw new Error('boom')
        return Reflect.get(target, key) as unknown
      },
    })
    await expect(session.executeBatch(hostile)).resolves.toBeDefined()
    expect(session.loaded.size).toBe(0)
  })
})
