import { Agent, Runner } from '@openai/agents'
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing'
import { toolSearch } from '@toolpipe/tool-search'
import { deferredShop } from '@toolpipe/adapter-testkit'
import { describe, expect, it } from 'vitest'
import { AgentsBridgeError } from './agents-bridge-error.js'
import { toAgentsTools } from './index.js'

/** SPEC §24 through Agents JS: a session's tools, turn by turn, over its ScriptedModel. */

const support = { id: 'support' }

function setUp() {
  const { registry, ran } = deferredShop()
  return { registry, session: toolSearch(registry).session(), ran }
}

function toolNames(request: { tools: readonly unknown[] }): string[] {
  return request.tools.map((tool) => (tool as { name: string }).name)
}

describe('toAgentsTools(registry, { toolSearch })', () => {
  it('sends each turn what the session shows: a search, then a call of the tool it found', async () => {
    const { registry, session, ran } = setUp()
    const model = new ScriptedModel([
      [functionCall('tool_search', { query: 'refund the payment of order 17' }, { callId: 's1' })],
      [functionCall('stripe_create_refund', { id: 'ch_1' }, { callId: 'r1' })],
      [assistantMessage('Refunded.')],
    ])
    const agent = new Agent({
      name: 'support',
      instructions: 'Help.',
      model,
      tools: toAgentsTools(registry, { agent: support, toolSearch: session }),
    })
    const result = await new Runner({ tracingDisabled: true }).run(agent, 'Refund order 17.')
    expect(result.finalOutput).toBe('Refunded.')
    model.assertComplete()
    expect(toolNames(model.calls[0]!.request)).toEqual(['lookup_order', 'tool_search'])
    expect(toolNames(model.calls[1]!.request)).toEqual([
      'lookup_order',
      'stripe_create_refund',
      'tool_search',
    ])
    expect(ran).toEqual(['stripe_create_refund(ch_1)'])
    expect([...session.loaded]).toContain('stripe_create_refund')
  })

  it('takes the tool search itself, opening a session for these tools', async () => {
    const { registry, ran } = deferredShop()
    const model = new ScriptedModel([
      [functionCall('tool_search', { query: 'refund the payment of order 17' }, { callId: 's1' })],
      [functionCall('stripe_create_refund', { id: 'ch_1' }, { callId: 'r1' })],
      [assistantMessage('Refunded.')],
    ])
    const agent = new Agent({
      name: 'support',
      instructions: 'Help.',
      model,
      tools: toAgentsTools(registry, { agent: support, toolSearch: toolSearch(registry) }),
    })
    const result = await new Runner({ tracingDisabled: true }).run(agent, 'Refund order 17.')
    expect(result.finalOutput).toBe('Refunded.')
    expect(toolNames(model.calls[0]!.request)).toEqual(['lookup_order', 'tool_search'])
    expect(toolNames(model.calls[1]!.request)).toContain('stripe_create_refund')
    expect(ran).toEqual(['stripe_create_refund(ch_1)'])
  })

  it('refuses a toolSearch that is not a session', () => {
    const { registry } = setUp()
    let error: unknown
    try {
      toAgentsTools(registry, { toolSearch: { shows: 1 } as never })
    } catch (thrown) {
      error = thrown
    }
    expect(error).toBeInstanceOf(AgentsBridgeError)
    expect(error).toMatchObject({
      code: 'INVALID_OPTIONS',
      message: expect.stringMatching(
        /^toAgentsTools: toolSearch must be a tool search or one of its sessions \(toolSearch\(registry\) or search\.session\(\) of @toolpipe\/tool-search\), got /,
      ) as unknown,
    })
  })
})
