import { createToolRegistry } from '@toolpipe/tools'
import type { ToolDefinition } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { catalogue, deferred } from './__fixtures__/catalogue.js'
import { toolSearch } from './tool-search.js'

/**
 * SPEC §24: "the index covers name, description, parameter names and descriptions and
 * annotations" — each of them whole, however far into a text or a listing a word stands.
 */

const names = (matches: readonly { name: string }[]) => matches.map((match) => match.name)

/** Words no tool of the catalogue says, `repeat` times over: a long text before the one sought. */
const filler = (repeat: number) =>
  'Street, number, postcode and town of the recipient, as printed on the label. '.repeat(repeat)

/** `count` parameters `setting_0`, `setting_1`, …, then `extra`: names that fill 400 characters. */
function settings(count: number, extra: string) {
  const parameters: Record<string, { type: 'string' }> = {}
  for (let index = 0; index < count; index++)
    parameters[`setting_${String(index)}`] = { type: 'string' }
  parameters[extra] = { type: 'string' }
  return parameters
}

/** The catalogue and `probe`, searched. */
function searchWith(probe: ToolDefinition) {
  const registry = createToolRegistry()
  for (const tool of catalogue) registry.register(tool)
  registry.register(probe)
  return toolSearch(registry)
}

describe('what is indexed', () => {
  // Each row: a tool that says the query's word in one place only, and that word.
  it.each([
    [
      'a parameter name',
      deferred('fleet_report', 'Summarise the vehicles of a fleet.', {
        tachograph_id: { type: 'string' },
      }),
      'tachograph',
    ],
    [
      'the annotations’ title',
      deferred(
        'wine_pick',
        'Pick a bottle for a dinner.',
        {},
        { annotations: { title: 'Sommelier' } },
      ),
      'sommelier',
    ],
    [
      'a hint: destructive',
      deferred(
        'cache_apply',
        'Apply what a cache holds.',
        {},
        { annotations: { destructive: true } },
      ),
      'destructive',
    ],
    [
      'a hint: read only',
      deferred('cache_view', 'Show what a cache holds.', {}, { annotations: { readOnly: true } }),
      'read only',
    ],
    [
      'a hint: idempotent',
      deferred('cache_set', 'Set what a cache holds.', {}, { annotations: { idempotent: true } }),
      'idempotent',
    ],
    [
      'a hint: external (open world)',
      deferred('cache_sync', 'Sync what a cache holds.', {}, { annotations: { openWorld: true } }),
      'external',
    ],
    [
      'the second parameter’s description, after a long first one',
      deferred('ship_parcel', 'Send a parcel.', {
        address: { type: 'string', description: filler(6) },
        insurance: { type: 'string', description: 'Declared value for the underwriter' },
      }),
      'underwriter',
    ],
    [
      'the 41st parameter’s name',
      deferred('vineyard_record', 'Record a harvest.', settings(40, 'vintage_year')),
      'vintage',
    ],
    [
      'a description past 400 characters',
      deferred('ledger_close', `Close the books. ${filler(6)} Reconciles the escrow account.`),
      'escrow',
    ],
    [
      'a description past 15,000 characters (longer than any real one)',
      deferred('ledger_audit', `Audit the books. ${filler(200)} Checks the escrow account.`),
      'escrow',
    ],
  ])('finds a tool by a word only in %s', (_, probe, query) => {
    expect(names(searchWith(probe).find(query, 50))).toContain(probe.name)
  })
})

describe('the bounds against a hostile definition', () => {
  it('reads 20,000 characters of a megabyte description', () => {
    const head = `Close the books. ${filler(240)}`
    expect(head.length).toBeLessThan(20_000)
    const description = `${head} escrow ${'x '.repeat(1000)} underwriter ${'y '.repeat(500_000)}`
    const search = searchWith(deferred('ledger_huge', description))
    expect(names(search.find('escrow'))).toEqual(['ledger_huge'])
    expect(names(search.find('underwriter'))).toEqual([])
  })

  it('reads the first 1,000 parameters of a tool', () => {
    const parameters: Record<string, { type: 'string' }> = {}
    for (let index = 0; index < 1500; index++) parameters[`p_${String(index)}`] = { type: 'string' }
    const search = searchWith(deferred('wide_tool', 'Many options.', parameters))
    expect(names(search.find('999'))).toEqual(['wide_tool'])
    expect(names(search.find('1000'))).toEqual([])
  })

  it('reads a bounded part of an anyOf of 300,000 branches, without throwing', () => {
    const branches = Array.from({ length: 300_000 }, (_, index) => ({
      description: `branch ${String(index)}`,
    }))
    const tool: ToolDefinition = {
      name: 'branchy',
      description: 'Takes one of many shapes.',
      deferLoading: true,
      parameters: {
        type: 'object',
        properties: { choice: { anyOf: [{ description: 'the first gazetteer' }, ...branches] } },
      },
      execute: () => [],
    }
    const search = searchWith(tool)
    expect(names(search.find('gazetteer'))).toEqual(['branchy'])
    expect(names(search.find('299999'))).toEqual([])
  })
})
