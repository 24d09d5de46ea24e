import { callInput } from '@toolpipe/call-inputs'
import { createToolRegistry } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { catalogue, deferred } from './__fixtures__/catalogue.js'
import { toolSearch } from './tool-search.js'

/**
 * SPEC §24: `tool_search` → structured `{ tools: [{ name, description }] }` — each found tool's
 * description as the tool has it; the text listing the model reads cuts one past 300 characters
 * (the model is shown the loaded tool's whole schema from its next step).
 */

/** What an MCP server may list: a description of about 2,000 characters, and the server's text. */
const mcpDescription = (
  'Open a new ticket in the bug tracker. It records the title, body, labels and assignees. ' +
  'Labels must exist in the project; assignees must be members of it. '.repeat(30)
).slice(0, 2000)

function searchWith(...tools: ReturnType<typeof deferred>[]) {
  const registry = createToolRegistry()
  for (const tool of [...catalogue, ...tools]) registry.register(tool)
  return { registry, session: toolSearch(registry).session() }
}

interface Found {
  readonly tools: readonly { readonly name: string; readonly description: string }[]
}

async function search(session: ReturnType<typeof searchWith>['session'], query: string) {
  const result = await session.execute(callInput('tool_search', { query }))
  expect(result).toMatchObject({ isError: false })
  const text = result.content[0]?.type === 'text' ? result.content[0].text : ''
  return { found: (result.structured as unknown as Found).tools, text }
}

/** A UTF-16 unit of a surrogate pair standing alone. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u

describe('SPEC §24 tool_search → structured { tools: [{ name, description }] }', () => {
  it('gives each found tool’s description as its definition has it, a 2,000-character one too', async () => {
    const tracker = deferred(
      'tracker_create_ticket',
      mcpDescription,
      {},
      {
        searchText: 'tracker: the team’s bug tracker',
      },
    )
    const { registry, session } = searchWith(tracker)
    expect(mcpDescription).toHaveLength(2000)
    const { found } = await search(session, 'open a ticket in the bug tracker with labels')
    expect(found[0]).toEqual({ name: 'tracker_create_ticket', description: mcpDescription })
    for (const tool of found) {
      expect(tool.description).toBe(registry.get(tool.name)?.description)
    }
  })

  it('lists a short description whole and a long one cut at 300 characters in the text', async () => {
    const tracker = deferred('tracker_create_ticket', mcpDescription)
    const { session } = searchWith(tracker)
    const { text } = await search(session, 'open a ticket in the bug tracker with labels')
    const line = text.split('\n').find((each) => each.startsWith('- tracker_create_ticket: '))
    expect(line).toBe(`- tracker_create_ticket: ${mcpDescription.slice(0, 299)}…`)
    const short = await search(session, 'give a customer their money back')
    expect(short.text).toContain('- stripe_create_refund: Refund a charge, fully or in part.\n')
  })

  it('cuts a long description in the text between code points, never inside a surrogate pair', async () => {
    // The 299th and 300th UTF-16 units are one emoji: a cut at 299 units would split it.
    const description = `Polish a widget. ${'x'.repeat(298 - 17)}🧽 and buff it until it shines.`
    expect(description.charCodeAt(298)).toBeGreaterThanOrEqual(0xd800)
    const { session } = searchWith(deferred('widget_polish', description))
    const { found, text } = await search(session, 'polish a widget')
    expect(found[0]).toEqual({ name: 'widget_polish', description })
    expect(text).not.toMatch(loneSurrogate)
    expect(text).toContain(`- widget_polish: ${description.slice(0, 298)}…`)
  })
})
