import { createToolRegistry } from '@toolpipe/tools'
import type { ToolDefinition, ToolRegistry } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { deferred } from './__fixtures__/catalogue.js'
import { toolSearch } from './tool-search.js'

/**
 * SPEC §24: "The index covers name, description, parameter names and descriptions and
 * annotations" — at any size. Past 1,000 tools a search scores candidates, not every tool; a word
 * of any of those fields must still bring in the tools that say it, whatever their group.
 */

const names = (matches: readonly { name: string }[]) => matches.map((match) => match.name)

/** A long text before the word sought: past what a group's document holds of a description. */
const filler = 'Street, number, postcode and town of the recipient, as printed on the label. '

/** Eleven servers of 100 tools each, as mounts give them (a `searchText` per server). */
function largeRegistry(probe?: ToolDefinition): ToolRegistry {
  const registry = createToolRegistry()
  registry.batch(() => {
    for (let server = 0; server < 11; server++) {
      for (let tool = 0; tool < 100; tool++) {
        registry.register(
          deferred(
            `srv${String(server)}_tool${String(tool)}`,
            `Server ${String(server)} operation number ${String(tool)}`,
            { target: { type: 'string', description: 'an identifier' } },
            { searchText: `Server ${String(server)} MCP server` },
          ),
        )
      }
    }
    if (probe !== undefined) registry.register(probe)
  })
  return registry
}

/** A tool of server 0 that says `extra` besides what its neighbours say. */
function probe(
  name: string,
  description: string,
  parameters: Parameters<typeof deferred>[2],
  extra: Parameters<typeof deferred>[3] = {},
): ToolDefinition {
  return deferred(name, description, parameters, { searchText: 'Server 0 MCP server', ...extra })
}

const target = { type: 'string', description: 'an identifier' } as const

describe('a registry past 1,000 tools (SPEC §24: the index covers every field, at any size)', () => {
  // Each row: a tool that says the query's word in one field only, among 1,100 tools of servers
  // whose own text says none of the query's words.
  it.each([
    ['its name', probe('srv0_kookaburra', 'Server 0 operation', { target }), 'kookaburra'],
    [
      'its description, past 300 characters',
      probe('srv0_ledger', `Server 0 operation. ${filler.repeat(6)} Reconciles escrow.`, {
        target,
      }),
      'escrow',
    ],
    [
      'a parameter’s name',
      probe('srv0_fleet', 'Server 0 operation', { zebrafishCount: { type: 'integer' } }),
      'zebrafish count',
    ],
    [
      'a parameter’s description',
      probe('srv0_islands', 'Server 0 operation', {
        target: { type: 'string', description: 'the zanzibar archipelago identifier' },
      }),
      'zanzibar',
    ],
    [
      'its annotations’ title',
      probe('srv0_zoo', 'Server 0 operation', { target }, { annotations: { title: 'Platypus' } }),
      'platypus wrangler',
    ],
    [
      'its annotations’ hints',
      probe('srv0_put', 'Server 0 operation', { target }, { annotations: { idempotent: true } }),
      'idempotent',
    ],
  ])('finds a tool by a word only in %s', (_, tool, query) => {
    const search = toolSearch(largeRegistry(tool))
    expect(names(search.find(query))).toEqual([tool.name])
  })

  it('scores a tool a rare word brings in as it would were its group among the best', () => {
    const islands = (extra: Parameters<typeof deferred>[3]) =>
      deferred(
        'srv0_islands',
        'Server 0 operation',
        { target: { type: 'string', description: 'the zanzibar archipelago identifier' } },
        extra,
      )
    // No group says "zanzibar" or "identifier": no group is among the best. Grouped, the tool is
    // scored only because it holds the rare word; with no group, it is always scored.
    const grouped = toolSearch(largeRegistry(islands({ searchText: 'Server 0 MCP server' })))
    const alone = toolSearch(largeRegistry(islands({})))
    const [found] = grouped.find('zanzibar identifier')
    expect(found?.name).toBe('srv0_islands')
    // Its common word ("identifier", which every tool says) counts too.
    expect(found?.score).toBeGreaterThan(grouped.find('zanzibar')[0]?.score ?? Infinity)
    expect(found?.score).toBe(alone.find('zanzibar identifier')[0]?.score)
  })

  it('counts a tool once however often it is replaced, and not once it is gone', () => {
    const registry = largeRegistry()
    const search = toolSearch(registry)
    const islands = () =>
      probe('srv0_islands', 'Server 0 operation', {
        target: { type: 'string', description: 'the zanzibar archipelago identifier' },
      })
    let dispose = registry.register(islands())
    // Each replacement re-indexed (the find reads it): 300 tools would say "zanzibar" were the
    // replaced ones still counted, and it would no longer be a rare word.
    for (let round = 0; round < 300; round++) {
      expect(names(search.find('zanzibar'))).toEqual(['srv0_islands'])
      registry.batch(() => {
        dispose()
        dispose = registry.register(islands())
      })
    }
    expect(names(search.find('zanzibar'))).toEqual(['srv0_islands'])
    dispose()
    expect(names(search.find('zanzibar'))).toEqual([])
  })
})
