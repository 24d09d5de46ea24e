import { asCallId } from '@toolpipe/core'
import { createToolRegistry, defineTool } from '@toolpipe/tools'
import { Agent, Runner } from '@openai/agents'
import { functionCall, ScriptedModel, assistantMessage } from '@openai/agents/testing'
import { describe, expect, it } from 'vitest'
import { toAgentsTools } from './index.js'
import { coder, invoke, registryWith } from './__fixtures__/invoke-agents-tool.js'
import { heldWrite, turnOrderTools } from '@toolpipe/adapter-testkit'

/** `toAgentsTools`: how calls run through `execute()`, in turn, and what the model reads of them. */

describe('toAgentsTools: calls', () => {
  it('runs through execute() with the Agents JS call id and abort signal, for the agent', async () => {
    const { registry, calls } = registryWith({ path: { type: 'string', required: true } })
    const controller = new AbortController()
    const [tool] = toAgentsTools(registry, { agent: coder })
    await invoke(tool!, { path: 'a' }, { callId: 'call_9', signal: controller.signal })
    expect(calls[0]?.exec.callId).toBe('call_9')
    expect(calls[0]?.exec.agent).toBe(coder)
    expect(calls[0]?.exec.signal).toBe(controller.signal)
  })

  it('gives a call made without Agents JS details a fresh call id', async () => {
    const { registry, calls } = registryWith({})
    const [tool] = toAgentsTools(registry)
    await invoke(tool!, {})
    await invoke(tool!, {})
    const [first, second] = calls.map(({ exec }) => exec.callId)
    expect(first).toMatch(/^[0-9a-f-]{36}$/)
    expect(second).not.toBe(first)
  })

  it('returns content as structured outputs: text and images, other blocks as their JSON', async () => {
    const registry = createToolRegistry()
    registry.register({
      name: 'shot',
      description: 'Screenshot.',
      parameters: { type: 'object', properties: {}, additionalProperties: false },
      execute: async () => [
        { type: 'text', text: 'the page' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
        { type: 'tool-call', id: asCallId('c'), name: 'x', arguments: '{}' },
      ],
    })
    const [tool] = toAgentsTools(registry)
    expect(await invoke(tool!, {})).toEqual([
      { type: 'text', text: 'the page' },
      { type: 'image', image: { data: 'iVBORw0KGgo=', mediaType: 'image/png' } },
      { type: 'text', text: '{"type":"tool-call","id":"c","name":"x","arguments":"{}"}' },
    ])
  })

  it('returns empty content as an empty string and an error result as its text, never throwing', async () => {
    const registry = createToolRegistry()
    registry.register({
      name: 'quiet',
      description: 'Says nothing.',
      parameters: { type: 'object', properties: {}, additionalProperties: false },
      execute: async () => [],
    })
    registry.register({
      name: 'broken',
      description: 'Fails.',
      parameters: { type: 'object', properties: {}, additionalProperties: false },
      execute: async () => {
        throw new Error('disk full')
      },
    })
    const [quiet, broken] = toAgentsTools(registry)
    expect(await invoke(quiet!, {})).toBe('')
    expect(await invoke(broken!, {})).toBe('Error: disk full')
  })

  it('answers UNKNOWN_TOOL for a tool removed after the conversion', async () => {
    const registry = createToolRegistry()
    const dispose = registry.register({
      name: 'gone',
      description: 'Soon gone.',
      parameters: { type: 'object', properties: {}, additionalProperties: false },
      execute: async () => [],
    })
    const [gone] = toAgentsTools(registry)
    dispose()
    expect(await invoke(gone!, {})).toBe('Error: unknown tool "gone"')
  })

  it('runs a turn’s calls one at a time in the model’s order although Agents JS starts them at once', async () => {
    const { definitions, log, inModelOrder } = turnOrderTools()
    const registry = createToolRegistry()
    for (const definition of definitions) registry.register(definition)
    const model = new ScriptedModel([
      [
        functionCall('first', {}, { callId: 'c1' }),
        functionCall('second', {}, { callId: 'c2' }),
        functionCall('third', {}, { callId: 'c3' }),
      ],
      [assistantMessage('done')],
    ])
    const agent = new Agent({ name: 'a', model, tools: toAgentsTools(registry) })
    await new Runner({ tracingDisabled: true }).run(agent, 'go')
    expect(log).toEqual(inModelOrder)
  })
  it('lets calls to concurrencySafe tools overlap, and holds the others for them', async () => {
    const log: string[] = []
    const registry = createToolRegistry()
    const slow = (name: string, concurrencySafe: boolean) => ({
      ...defineTool({
        name,
        description: name,
        parameters: {},
        async execute() {
          log.push(`start ${name}`)
          await new Promise((resolve) => setTimeout(resolve, 10))
          log.push(`end ${name}`)
          return [{ type: 'text' as const, text: name }]
        },
      }),
      concurrencySafe,
    })
    registry.register(slow('read_a', true))
    registry.register(slow('read_b', true))
    registry.register(slow('write', false))
    const tools = toAgentsTools(registry)
    const byName = (name: string) => tools.find((tool) => tool.name === name)!
    await Promise.all([
      invoke(byName('read_a'), {}),
      invoke(byName('read_b'), {}),
      invoke(byName('write'), {}),
    ])
    expect(log.slice(0, 2)).toEqual(['start read_a', 'start read_b'])
    expect(log.slice(4)).toEqual(['start write', 'end write'])
  })

  it('ends a call whose signal aborts while it waits its turn as CANCELLED, without running it', async () => {
    const registry = createToolRegistry()
    const { definition, ran, finish } = heldWrite()
    const codes: (string | undefined)[] = []
    registry.register(definition)
    registry.on('tools/result', (_exec, result) => {
      codes.push(result.error?.code)
    })
    const [write] = toAgentsTools(registry)
    const controller = new AbortController()
    const first = invoke(write!, { path: 'first' }, { callId: 'c1' })
    const second = invoke(write!, { path: 'second' }, { callId: 'c2', signal: controller.signal })
    await new Promise((resolve) => setTimeout(resolve, 5))
    controller.abort()
    expect(await second).toBe('Error: the call of tool "write" was cancelled before it started')
    finish()
    expect(await first).toBe('first')
    expect(ran).toEqual(['first'])
    expect(codes).toEqual(['CANCELLED', undefined])
  })
})
