import type { ToolDefinition, ToolSchema, ToolSession } from '@toolpipe/tools'
import { createToolRegistry } from '@toolpipe/tools'
import { describe, expectTypeOf, it } from 'vitest'
import { toolSearch, ToolSearchError } from './index.js'
import type { ToolMatch, ToolSearch, ToolSearchErrorCode, ToolSearchSession } from './index.js'

describe('@toolpipe/tool-search types', () => {
  it('types the search, its matches and its sessions', () => {
    const search = toolSearch(createToolRegistry(), { maxResults: 3, alwaysLoaded: ['read_file'] })
    expectTypeOf(search).toEqualTypeOf<ToolSearch>()
    expectTypeOf(search.tool).toEqualTypeOf<ToolDefinition>()
    expectTypeOf(search.find('x')).toEqualTypeOf<ToolMatch[]>()
    expectTypeOf<ToolMatch>().toEqualTypeOf<{ readonly name: string; readonly score: number }>()
    const session = search.session()
    expectTypeOf(session).toEqualTypeOf<ToolSearchSession>()
    // What the adapters take as `toolSearch`.
    expectTypeOf(session).toExtend<ToolSession>()
    expectTypeOf(session.loaded).toEqualTypeOf<ReadonlySet<string>>()
    expectTypeOf(session.schemas({ dialect: 'openai-responses' })).toEqualTypeOf<ToolSchema[]>()
    expectTypeOf(
      new ToolSearchError('m', 'INVALID_OPTIONS').code,
    ).toEqualTypeOf<ToolSearchErrorCode>()
  })

  it('refuses options of the wrong types', () => {
    const registry = createToolRegistry()
    // @ts-expect-error: maxResults is a number
    toolSearch(registry, { maxResults: '5' })
    // @ts-expect-error: alwaysLoaded is names or a predicate
    toolSearch(registry, { alwaysLoaded: 'read_file' })
    toolSearch(registry, { alwaysLoaded: (tool) => tool.name === 'read_file' })
    // @ts-expect-error: loaded is read-only
    search().session().loaded = new Set()
  })
})

function search(): ToolSearch {
  return toolSearch(createToolRegistry())
}
