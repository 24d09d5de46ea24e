// @toolpipe/tool-search as a consumer uses it, under every configuration of
// scripts/check-consumers.mjs (the strict one too: its public types need no Node typings). A
// session shows the always-loaded tools and tool_search, a search loads the deferred tool it
// finds, and a bad option is typed and coded.
import { asCallId } from '@toolpipe/core'
import { toolSearch, ToolSearchError } from '@toolpipe/tool-search'
import type { ToolMatch, ToolSearchSession } from '@toolpipe/tool-search'
import { createToolRegistry, defineTool } from '@toolpipe/tools'
import type { ToolSession } from '@toolpipe/tools'

const log = (globalThis as unknown as { console: { log(message: string): void } }).console.log

function assert(condition: boolean, what: string): void {
  if (!condition) throw new Error(`consumer check failed: ${what}`)
}

async function main(): Promise<void> {
  const registry = createToolRegistry({ logger: { warn: () => undefined } })
  const tool = (name: string, description: string, deferLoading: boolean) =>
    defineTool({
      name,
      description,
      parameters: {},
      deferLoading,
      execute: () => Promise.resolve([{ type: 'text' as const, text: name }]),
    })
  registry.register(tool('read_file', 'Read a file.', false))
  registry.register(tool('maps_geocode', 'Convert an address into coordinates.', true))
  const search = toolSearch(registry)
  const session: ToolSearchSession = search.session()
  const adapters: ToolSession = session
  const names = () => adapters.schemas().map((schema) => schema.name)
  assert(names().join() === 'read_file,tool_search', 'the session shows the always-loaded tools')
  const matches: ToolMatch[] = search.find('the coordinates of an address')
  assert(matches[0]?.name === 'maps_geocode', 'find finds the deferred tool')
  await session.execute({
    callId: asCallId('c1'),
    name: 'tool_search',
    arguments: { query: 'the coordinates of an address' },
  })
  assert(session.loaded.has('maps_geocode'), 'the search loads what it found')
  assert(names().includes('maps_geocode'), 'the session shows what it loaded')
  let refused: unknown
  try {
    toolSearch(createToolRegistry(), { maxResults: 0 })
  } catch (error) {
    refused = error
  }
  assert(
    refused instanceof ToolSearchError && refused.code === 'INVALID_OPTIONS',
    'a bad maxResults is refused',
  )
}

main().then(
  () => log('consumer check passed'),
  (error: unknown) => {
    throw error
  },
)
