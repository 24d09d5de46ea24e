import { Agent, Runner, tool } from '@openai/agents'
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing'
import { toolSearch } from '@toolpipe/tool-search'
import { defineTool } from '@toolpipe/tools'
import { deferredShop } from '@toolpipe/adapter-testkit'
import { describe, expect, it, vi } from 'vitest'
import { toAgentsTools } from './index.js'

/**
 * SPEC §24, "`toAgentsTools(registry, { toolSearch })` … expose the session's tools step by
 * step": the session follows the registry, and so do the tools the real Runner sends the model.
 */

const support = { id: 'support' }

function toolNames(request: { tools: readonly unknown[] }): string[] {
  return request.tools.map((each) => (each as { name: string }).name)
}

/** A tool of a server that connects after the agent was made. */
function page(deferLoading: boolean, description = 'Page the on-call engineer.') {
  return defineTool({
    name: 'pagerduty_page',
    description,
    parameters: { id: { type: 'string', required: true } },
    deferLoading,
    execute: ({ id }) => [{ type: 'text', text: `paged ${id}` }],
  })
}

function setUp() {
  const { registry, ran } = deferredShop()
  const session = toolSearch(registry).session()
  const tools = toAgentsTools(registry, { agent: support, toolSearch: session })
  return { registry, ran, session, tools }
}

const runner = new Runner({ tracingDisabled: true })

describe('toAgentsTools(registry, { toolSearch }) follows the registry (SPEC §24)', () => {
  it('sends the model a tool registered after the tools were made, once a search loads it', async () => {
    const { registry, session, tools } = setUp()
    registry.register(page(true))
    const model = new ScriptedModel([
      [functionCall('tool_search', { query: 'page the on-call engineer' }, { callId: 's1' })],
      [functionCall('pagerduty_page', { id: 'INC-7' }, { callId: 'p1' })],
      [assistantMessage('Paged.')],
    ])
    const agent = new Agent({ name: 'support', instructions: 'Help.', model, tools })
    const result = await runner.run(agent, 'Page the on-call engineer about INC-7.')
    expect(result.finalOutput).toBe('Paged.')
    model.assertComplete()
    expect(toolNames(model.calls[0]!.request)).toEqual(['lookup_order', 'tool_search'])
    expect([...session.loaded]).toContain('pagerduty_page')
    expect(toolNames(model.calls[1]!.request)).toContain('pagerduty_page')
    expect(toolNames(model.calls[2]!.request)).toContain('pagerduty_page')
    expect(result.newItems.map((item) => item.type)).toContain('tool_call_output_item')
    expect(JSON.stringify(result.newItems)).toContain('paged INC-7')
  })

  it('between runs: sends a tool registered since in the first turn, a replaced one as it is now, a removed one no more', async () => {
    const { registry, tools } = setUp()
    const model = new ScriptedModel(
      ['Hello.', 'Again.', 'Once more.', 'Bye.'].map((text) => [assistantMessage(text)]),
    )
    const agent = new Agent({ name: 'support', instructions: 'Help.', model, tools })
    await runner.run(agent, 'Hi.')
    let dispose = registry.register(page(false))
    await runner.run(agent, 'Hi again.')
    registry.batch(() => {
      dispose()
      dispose = registry.register(page(false, 'Wake whoever is on call.'))
    })
    // A clone shares the array (Agents JS: changing it in place changes the agent's tools).
    await runner.run(agent.clone({}), 'And again.')
    dispose()
    await runner.run(agent, 'Bye.')
    const sent = (turn: number) =>
      model.calls[turn]!.request.tools as readonly { name: string; description?: string }[]
    const pager = (turn: number) => sent(turn).find(({ name }) => name === 'pagerduty_page')
    expect(sent(0).map(({ name }) => name)).toEqual(['lookup_order', 'tool_search'])
    expect(pager(1)?.description).toBe('Page the on-call engineer.')
    expect(pager(2)?.description).toBe('Wake whoever is on call.')
    expect(pager(3)).toBeUndefined()
    expect(tools.map(({ name }) => name)).not.toContain('pagerduty_page')
  })

  it('keeps a tool the app added to agent.tools, after its own', async () => {
    const { registry, tools } = setUp()
    const clock = tool({
      name: 'clock',
      description: 'The time.',
      parameters: { type: 'object', properties: {}, required: [], additionalProperties: false },
      strict: true,
      execute: () => '12:00',
    })
    const model = new ScriptedModel([[assistantMessage('Hello.')]])
    const agent = new Agent({ name: 'support', instructions: 'Help.', model, tools })
    agent.tools.push(clock)
    registry.register(page(false))
    await runner.run(agent, 'Hi.')
    expect(toolNames(model.calls[0]!.request)).toEqual([
      'lookup_order',
      'tool_search',
      'pagerduty_page',
      'clock',
    ])
  })
})

describe('the array toAgentsTools(registry, { toolSearch }) returns (SPEC §24)', () => {
  it('makes each tool once: the same objects while nothing changes, a new one for a replaced tool', async () => {
    const { registry, tools } = setUp()
    const [lookup] = tools
    let dispose = registry.register(page(true))
    await Promise.resolve()
    expect(tools[0]).toBe(lookup)
    const paging = tools.find(({ name }) => name === 'pagerduty_page')
    expect(paging).toBeDefined()
    registry.batch(() => {
      dispose()
      dispose = registry.register(page(true, 'Wake whoever is on call.'))
    })
    await Promise.resolve()
    expect(tools[0]).toBe(lookup)
    const again = tools.find(({ name }) => name === 'pagerduty_page')
    expect(again).not.toBe(paging)
    expect(again?.description).toBe('Wake whoever is on call.')
    expect(Array.isArray(tools)).toBe(true)
  })

  it('looks at the registry once per synchronous read, however many members it reads', async () => {
    const { registry, tools } = setUp()
    await Promise.resolve()
    const list = vi.spyOn(registry, 'list')
    expect([...tools].length).toBe(tools.length)
    expect(tools.map(({ name }) => name)).toHaveLength(tools.length)
    expect(list).toHaveBeenCalledTimes(1)
  })
})
