import { createToolRegistry } from '@toolpipe/tools'
import { tool } from 'ai'
import type { ToolExecutionOptions } from 'ai'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { registerAiSdkTools } from './index.js'
import { call, citySchema, filePart, textPart } from './__fixtures__/ai-sdk-parts.js'

/** `registerAiSdkTools`: how a registered AI SDK tool is called and what the model reads of it. */

describe('registerAiSdkTools: calls', () => {
  it('calls execute with the call id, the call’s abort signal and the tool’s context', async () => {
    const registry = createToolRegistry()
    const seen: { input: unknown; options: ToolExecutionOptions<unknown> }[] = []
    registerAiSdkTools(
      registry,
      {
        weather: tool({
          inputSchema: citySchema,
          execute: async (input, options) => {
            seen.push({ input, options })
            return 'ok'
          },
        }),
      },
      { toolsContext: { weather: { units: 'metric' } } },
    )
    const controller = new AbortController()
    await registry.execute(call('weather', { city: 'Oslo' }, { signal: controller.signal }))
    expect(seen).toEqual([
      {
        input: { city: 'Oslo' },
        options: {
          toolCallId: 'c1',
          messages: [],
          context: { units: 'metric' },
          abortSignal: controller.signal,
        },
      },
    ])
  })

  it('gives the model what the AI SDK would: text as text, other outputs as JSON, toModelOutput when the tool has one', async () => {
    const registry = createToolRegistry()
    registerAiSdkTools(registry, {
      text: tool({ inputSchema: citySchema, execute: async () => 'plain' }),
      json: tool({
        inputSchema: citySchema,
        execute: async ({ city }) => ({
          city,
          at: new Date(Date.UTC(2026, 0, 2)),
          gone: undefined,
        }),
      }),
      nothing: tool({ inputSchema: citySchema, execute: async () => undefined }),
      shaped: tool({
        inputSchema: citySchema,
        execute: async ({ city }) => ({ city, png: 'iVBORw0KGgo=' }),
        toModelOutput: ({ output }) => ({
          type: 'content',
          value: [
            textPart(`map of ${output.city}`),
            filePart('image/png', { type: 'data', data: output.png }),
            filePart('image/png', { type: 'data', data: new Uint8Array([137, 80, 78, 71]) }),
            filePart('application/pdf', { type: 'url', url: new URL('https://x.test/a.pdf') }),
          ],
        }),
      }),
      json_output: tool({
        inputSchema: citySchema,
        execute: async () => 1,
        toModelOutput: () => ({ type: 'json', value: { ok: true } }),
      }),
    })
    const contentOf = async (name: string) =>
      (await registry.execute(call(name, { city: 'Oslo' }))).content
    expect(await contentOf('text')).toEqual([{ type: 'text', text: 'plain' }])
    expect(await contentOf('json')).toEqual([
      { type: 'text', text: '{"city":"Oslo","at":"2026-01-02T00:00:00.000Z"}' },
    ])
    expect(await contentOf('nothing')).toEqual([{ type: 'text', text: 'null' }])
    expect(await contentOf('shaped')).toEqual([
      { type: 'text', text: 'map of Oslo' },
      { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      { type: 'image', data: 'iVBORw==', mimeType: 'image/png' },
      {
        type: 'text',
        text: '{"type":"file","mediaType":"application/pdf","data":{"type":"url","url":"https://x.test/a.pdf"}}',
      },
    ])
    expect(await contentOf('json_output')).toEqual([{ type: 'text', text: '{"ok":true}' }])
  })

  it('gives a result whose output is not a string its JSON as the structured value', async () => {
    const registry = createToolRegistry()
    const cyclic: { self?: unknown } = {}
    cyclic.self = cyclic
    registerAiSdkTools(registry, {
      json: tool({
        inputSchema: citySchema,
        execute: async ({ city }) => ({ city, at: new Date(Date.UTC(2026, 0, 2)) }),
      }),
      text: tool({ inputSchema: citySchema, execute: async () => 'plain' }),
      cyclic: tool({
        inputSchema: citySchema,
        execute: async () => cyclic,
        toModelOutput: () => ({ type: 'text', value: 'a cycle' }),
      }),
    })
    const run = (name: string) => registry.execute(call(name, { city: 'Oslo' }))
    expect((await run('json')).structured).toEqual({ city: 'Oslo', at: '2026-01-02T00:00:00.000Z' })
    expect(await run('text')).not.toHaveProperty('structured')
    const cycle = await run('cyclic')
    expect(cycle).toMatchObject({ isError: false, content: [{ type: 'text', text: 'a cycle' }] })
    expect(cycle).not.toHaveProperty('structured')
  })

  it('takes the last output of a tool that yields several, as the AI SDK does, and reports the earlier ones as progress', async () => {
    const registry = createToolRegistry()
    const progress: unknown[] = []
    registry.on('tools/progress', (exec, update) => {
      progress.push([exec.callId, update])
    })
    registerAiSdkTools(registry, {
      search: tool({
        inputSchema: citySchema,
        async *execute({ city }) {
          yield { status: 'searching' as const, city }
          yield { status: 'done' as const, city, hits: 3 }
        },
      }),
    })
    const result = await registry.execute(call('search', { city: 'Oslo' }))
    expect(result.content).toEqual([
      { type: 'text', text: '{"status":"done","city":"Oslo","hits":3}' },
    ])
  })

  it('turns an error output into AI_SDK_TOOL_ERROR and a throw into TOOL_FAILED: error results the model reads', async () => {
    const registry = createToolRegistry()
    registerAiSdkTools(registry, {
      says_error: tool({
        inputSchema: citySchema,
        execute: async () => 'x',
        toModelOutput: () => ({ type: 'error-text', value: 'city not found' }),
      }),
      says_error_json: tool({
        inputSchema: citySchema,
        execute: async () => 'x',
        toModelOutput: () => ({ type: 'error-json', value: { reason: 'quota' } }),
      }),
      denies: tool({
        inputSchema: citySchema,
        execute: async () => 'x',
        toModelOutput: () => ({ type: 'execution-denied', reason: 'not today' }),
      }),
      throws: tool({
        inputSchema: citySchema,
        execute: async (): Promise<string> => {
          throw new Error('upstream down')
        },
      }),
    })
    const outcome = async (name: string) => {
      const result = await registry.execute(call(name, { city: 'Oslo' }))
      return [result.isError, result.error, result.content]
    }
    const coded = { name: 'AiSdkToolError', code: 'AI_SDK_TOOL_ERROR' }
    expect(await outcome('says_error')).toEqual([
      true,
      coded,
      [{ type: 'text', text: 'Error: city not found' }],
    ])
    expect(await outcome('says_error_json')).toEqual([
      true,
      coded,
      [{ type: 'text', text: 'Error: {"reason":"quota"}' }],
    ])
    expect(await outcome('denies')).toEqual([
      true,
      coded,
      [{ type: 'text', text: 'Error: the tool denied the execution: not today' }],
    ])
    expect(await outcome('throws')).toEqual([
      true,
      { name: 'ToolFailedError', code: 'TOOL_FAILED' },
      [{ type: 'text', text: 'Error: upstream down' }],
    ])
  })

  it('checks the context by the tool’s contextSchema on every call, as the AI SDK does', async () => {
    const registry = createToolRegistry()
    const contextSchema = z.object({ units: z.enum(['metric', 'imperial']) })
    registerAiSdkTools(
      registry,
      {
        good: tool({
          inputSchema: citySchema,
          contextSchema,
          execute: async (_input, { context }) => context.units,
        }),
        bad: tool({ inputSchema: citySchema, contextSchema, execute: async () => 'never' }),
      },
      { toolsContext: { good: { units: 'metric' }, bad: { units: 'kelvin' } } },
    )
    expect((await registry.execute(call('good', { city: 'Oslo' }))).content).toEqual([
      { type: 'text', text: 'metric' },
    ])
    const bad = await registry.execute(call('bad', { city: 'Oslo' }))
    expect(bad.error?.code).toBe('TOOL_FAILED')
  })
})
