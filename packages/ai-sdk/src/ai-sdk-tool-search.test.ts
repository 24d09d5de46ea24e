import { toolSearch } from '@toolpipe/tool-search'
import { deferredShop } from '@toolpipe/adapter-testkit'
import { defineTool } from '@toolpipe/tools'
import type { ToolExecutionResult } from '@toolpipe/tools'
import { generateText, stepCountIs, streamText } from 'ai'
import { describe, expect, it } from 'vitest'
import { scriptedModel } from './__fixtures__/scripted-model.js'
import { toAiSdkTools } from './index.js'
import { AiSdkBridgeError } from './ai-sdk-bridge-error.js'

/** SPEC §24 through the AI SDK: a session's tools, step by step, over the AI SDK's mock model. */

const agent = { id: 'support' }

function setUp() {
  const { registry, ran } = deferredShop()
  const results: ToolExecutionResult[] = []
  registry.on('tools/result', (_exec, result) => {
    results.push(result)
  })
  const search = toolSearch(registry)
  return { registry, search, session: search.session(), ran, results }
}

/** The tool names the AI SDK sent the model at each step. */
function sentTools(model: ReturnType<typeof scriptedModel>): string[][] {
  return model.doGenerateCalls.map((call) => (call.tools ?? []).map((tool) => tool.name))
}

describe('toAiSdkTools(registry, { toolSearch })', () => {
  it('shows the session’s tools step by step: a search, then a call of the tool it found', async () => {
    const { registry, session, ran } = setUp()
    const model = scriptedModel([
      () => ({
        toolCalls: [
          { id: 's1', name: 'tool_search', input: { query: 'refund the payment of order 17' } },
        ],
      }),
      () => ({ toolCalls: [{ id: 'r1', name: 'stripe_create_refund', input: { id: 'ch_1' } }] }),
      () => ({ text: 'Refunded.' }),
    ])
    const result = await generateText({
      model,
      tools: toAiSdkTools(registry, { agent, toolSearch: session }),
      stopWhen: stepCountIs(5),
      prompt: 'Refund order 17.',
    })
    expect(result.text).toBe('Refunded.')
    const [first, second, third] = sentTools(model)
    expect(first).toEqual(['lookup_order', 'tool_search'])
    expect(second).toContain('stripe_create_refund')
    expect(second).toEqual(expect.arrayContaining(['lookup_order', 'tool_search']))
    expect(third).toEqual(second)
    expect(ran).toEqual(['stripe_create_refund(ch_1)'])
    expect(session.loaded.has('stripe_create_refund')).toBe(true)
    // The search result the model read names the tool.
    expect(JSON.stringify(model.doGenerateCalls[1]?.prompt)).toContain('stripe_create_refund')
  })

  it('takes the tool search itself, opening one session per tool set', async () => {
    const { registry, search, ran } = setUp()
    const model = scriptedModel([
      () => ({
        toolCalls: [
          { id: 's1', name: 'tool_search', input: { query: 'refund the payment of order 17' } },
        ],
      }),
      () => ({ toolCalls: [{ id: 'r1', name: 'stripe_create_refund', input: { id: 'ch_1' } }] }),
      () => ({ text: 'Refunded.' }),
    ])
    const tools = toAiSdkTools(registry, { agent, toolSearch: search })
    const other = toAiSdkTools(registry, { agent, toolSearch: search })
    await generateText({ model, tools, stopWhen: stepCountIs(5), prompt: 'Refund order 17.' })
    const [first, second] = sentTools(model)
    expect(first).toEqual(['lookup_order', 'tool_search'])
    expect(second).toEqual(['lookup_order', 'stripe_create_refund', 'tool_search'])
    expect(ran).toEqual(['stripe_create_refund(ch_1)'])
    // The other tool set is another conversation: its session has loaded nothing.
    expect(Object.keys(tools)).toContain('stripe_create_refund')
    expect(Object.keys(other)).toEqual(['lookup_order', 'tool_search'])
  })

  it('runs a tool the session does not show when the model names it, through the pipeline', async () => {
    const { registry, session, ran, results } = setUp()
    registry.guard((exec) =>
      exec.name === 'slack_post_message' ? 'not in this workspace' : undefined,
    )
    const model = scriptedModel([
      () => ({
        toolCalls: [
          { id: 'g1', name: 'maps_geocode', input: { id: '10 Downing St' } },
          { id: 'p1', name: 'slack_post_message', input: { id: 'general' } },
        ],
      }),
      () => ({ text: 'ok' }),
    ])
    await generateText({
      model,
      tools: toAiSdkTools(registry, { agent, toolSearch: session }),
      stopWhen: stepCountIs(3),
      prompt: 'Where is it?',
    })
    expect(ran).toEqual(['maps_geocode(10 Downing St)'])
    expect(results.map((result) => result.error?.code)).toEqual([undefined, 'GUARD_DENIED'])
    // Naming it did not load it: the next step still shows only the session's tools.
    expect(sentTools(model)[1]).toEqual(['lookup_order', 'tool_search'])
  })

  it('works with streamText too', async () => {
    const { registry, session, ran } = setUp()
    const model = scriptedModel([
      () => ({
        toolCalls: [
          { id: 's1', name: 'tool_search', input: { query: 'coordinates of an address' } },
        ],
      }),
      () => ({ toolCalls: [{ id: 'g1', name: 'maps_geocode', input: { id: 'x' } }] }),
      () => ({ text: 'done' }),
    ])
    const stream = streamText({
      model,
      tools: toAiSdkTools(registry, { toolSearch: session }),
      stopWhen: stepCountIs(5),
      prompt: 'Where?',
    })
    expect(await stream.text).toBe('done')
    expect(
      model.doStreamCalls.map((call) => (call.tools ?? []).map((tool) => tool.name))[1],
    ).toContain('maps_geocode')
    expect(ran).toEqual(['maps_geocode(x)'])
  })

  it('is a live view: enumerable members are what the session shows, every visible tool is reachable', async () => {
    const { registry, session } = setUp()
    const tools = toAiSdkTools(registry, { toolSearch: session, dialect: 'openai-strict' })
    expect(Object.keys(tools)).toEqual(['lookup_order', 'tool_search'])
    expect(Object.hasOwn(tools, 'maps_geocode')).toBe(true)
    expect('maps_geocode' in tools).toBe(true)
    expect(tools.maps_geocode).toBeDefined()
    expect(tools.nothing).toBeUndefined()
    expect(Object.hasOwn(tools, 'nothing')).toBe(false)
    expect(session.load(['maps_geocode'])).toEqual(['maps_geocode'])
    expect(Object.keys(tools)).toEqual(['lookup_order', 'maps_geocode', 'tool_search'])
    // The same tool object while its definition and schema stay.
    expect(tools.maps_geocode).toBe(tools.maps_geocode)
    // A tool registered later shows when the session shows it.
    registry.register(
      defineTool({ name: 'late', description: 'x', parameters: {}, execute: () => [] }),
    )
    expect(Object.keys(tools)).toContain('late')
  })

  it('refuses a toolSearch that is not a session', () => {
    const { registry } = setUp()
    expect(() => toAiSdkTools(registry, { toolSearch: {} as never })).toThrow(AiSdkBridgeError)
    expect(() => toAiSdkTools(registry, { toolSearch: 'x' as never })).toThrow(
      /toAiSdkTools: toolSearch must be a tool search or one of its sessions/,
    )
  })
})
