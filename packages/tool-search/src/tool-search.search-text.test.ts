import { createToolRegistry } from '@toolpipe/tools'
import type { ToolDefinition, ToolRegistry } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { catalogue, deferred } from './__fixtures__/catalogue.js'
import { toolSearch } from './tool-search.js'

/**
 * SPEC §24: "search what a tool does, not only what it is called: … the server's own
 * description". A tool's `searchText` (a mount puts the server's name, title, description and
 * instructions there) is searched as a field of the tool, below its own.
 */

const names = (matches: readonly { name: string }[]) => matches.map((match) => match.name)

const grommet = 'Grommetcorp\nThe inventory server of the Grommet corporation'

/** Three tools of one server whose own fields say nothing of the server's words. */
const server = [
  deferred('g_count', 'Count the items of a kind.', {}, { searchText: grommet }),
  deferred('g_move', 'Move items between places.', {}, { searchText: grommet }),
  deferred('g_note', 'Attach a note to an item.', {}, { searchText: grommet }),
]

function registryWith(...tools: ToolDefinition[]): ToolRegistry {
  const registry = createToolRegistry()
  for (const tool of [...catalogue, ...tools]) registry.register(tool)
  return registry
}

describe('searchText (SPEC §24: the server’s own description)', () => {
  it('finds a server’s tools by its own words alone, none of theirs', () => {
    const search = toolSearch(registryWith(...server))
    for (const query of ['grommetcorp', 'grommetcorp inventory', 'the grommet corporation'])
      expect(names(search.find(query))).toEqual(['g_count', 'g_move', 'g_note'])
    expect(search.find('grommetcorp').every((match) => match.score > 0)).toBe(true)
  })

  it('weighs a server’s words below a tool’s own, and counts each tool once', () => {
    const stock = deferred('stock_inventory', 'Inventory of a warehouse.')
    const search = toolSearch(registryWith(...server, stock))
    // "inventory" is the other tool's own word, only the server's text for these.
    expect(names(search.find('inventory', 10))).toEqual([
      'stock_inventory',
      'g_count',
      'g_move',
      'g_note',
    ])
    // A tool its own fields match as well scores the better of the two, once.
    const found = names(search.find('grommetcorp note', 10))
    expect(found[0]).toBe('g_note')
    expect(found.filter((name) => name === 'g_note')).toHaveLength(1)
    const scores = search.find('grommetcorp note', 10).map((match) => match.score)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
  })

  it('finds them past 1,000 tools, and the limit bounds a large server', () => {
    const registry = registryWith(...server)
    registry.batch(() => {
      for (let tool = 0; tool < 1_100; tool++) {
        registry.register(
          deferred(
            `big_${String(tool)}`,
            `Operation ${String(tool)} of a store.`,
            {},
            {
              searchText: 'Bigstore\nThe bigstore records server',
            },
          ),
        )
      }
    })
    const search = toolSearch(registry)
    expect(names(search.find('grommetcorp'))).toEqual(['g_count', 'g_move', 'g_note'])
    expect(names(search.find('bigstore records', 3))).toEqual(['big_0', 'big_1', 'big_2'])
  })

  it('follows the registry: a server’s tools gone, its words find nothing', () => {
    const registry = createToolRegistry()
    const search = toolSearch(registry)
    const dispose = registry.batch(() => server.map((tool) => registry.register(tool)))
    expect(names(search.find('grommetcorp'))).toHaveLength(3)
    registry.batch(() => {
      for (const disposeTool of dispose.slice(1)) disposeTool()
    })
    expect(names(search.find('grommetcorp'))).toEqual(['g_count'])
    dispose[0]?.()
    expect(search.find('grommetcorp')).toEqual([])
    registry.register(server[2]!)
    expect(names(search.find('grommetcorp'))).toEqual(['g_note'])
  })
})
