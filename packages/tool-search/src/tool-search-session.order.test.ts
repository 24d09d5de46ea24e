import { createToolRegistry } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { catalogue, readFile } from './__fixtures__/catalogue.js'
import { toolSearch } from './tool-search.js'

/** SPEC §24: `schemas()` shows "alwaysLoaded + loaded + tool_search", in that order. */

const shownNames = (schemas: readonly { name: string }[]) => schemas.map((schema) => schema.name)

describe('what a session shows', () => {
  it('shows the always-loaded tools, then the loaded ones as they were loaded, then tool_search (SPEC §24)', () => {
    // Registered in an order none of the three groups follows: deferred tools first, the
    // always-loaded one last, and after toolSearch() registered tool_search.
    const registry = createToolRegistry()
    const [first, second, third] = catalogue.filter((tool) => tool.deferLoading === true)
    if (first === undefined || second === undefined || third === undefined)
      throw new Error('fixture')
    registry.register(first)
    registry.register(second)
    const search = toolSearch(registry)
    registry.register(third)
    registry.register(readFile)
    const session = search.session()
    expect(shownNames(session.schemas())).toEqual(['read_file', 'tool_search'])
    expect(session.load([third.name, first.name])).toEqual([third.name, first.name])
    expect(shownNames(session.schemas())).toEqual([
      'read_file',
      third.name,
      first.name,
      'tool_search',
    ])
    session.load([second.name])
    expect(shownNames(session.schemas({ dialect: 'anthropic' }))).toEqual([
      'read_file',
      third.name,
      first.name,
      second.name,
      'tool_search',
    ])
  })
})
