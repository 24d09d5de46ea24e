import { createToolRegistry } from '@toolpipe/tools'
import { jsonSchema, tool, zodSchema } from 'ai'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { registerAiSdkTools } from './index.js'
import { call } from './__fixtures__/ai-sdk-parts.js'

/** `registerAiSdkTools`: a tool's arguments checked at step 4 by the tool's own schema. */

describe('registerAiSdkTools: validation by the tool’s own schema', () => {
  it('checks a zod schema at step 4 with zod itself: issues with their paths, the output (transforms applied) to the tool', async () => {
    const registry = createToolRegistry()
    const inputs: unknown[] = []
    registerAiSdkTools(registry, {
      move: tool({
        description: 'Move a file.',
        inputSchema: z.object({
          from: z.string(),
          to: z.string().transform((path) => path.toLowerCase()),
          overwrite: z.boolean().optional(),
        }),
        execute: async (input) => {
          inputs.push(input)
          return 'moved'
        },
      }),
    })
    expect(registry.schemas()[0]?.parameters).toMatchObject({
      type: 'object',
      properties: { from: { type: 'string' }, to: { type: 'string' } },
      required: ['from', 'to'],
    })
    const invalid = await registry.execute(call('move', { from: 7, to: 'B.TXT' }))
    expect(invalid).toMatchObject({
      isError: true,
      error: { name: 'ToolArgsError', code: 'INVALID_ARGS' },
      content: [
        {
          type: 'text',
          text: 'Error: invalid arguments: "from": Invalid input: expected string, received number',
        },
      ],
    })
    expect(inputs).toEqual([])
    const valid = await registry.execute(call('move', { from: 'a.txt', to: 'B.TXT' }))
    expect(valid.isError).toBe(false)
    expect(inputs).toEqual([{ from: 'a.txt', to: 'b.txt' }])
  })

  it('checks a jsonSchema() with validate by that validate, and hands the tool its value', async () => {
    const registry = createToolRegistry()
    const inputs: unknown[] = []
    const cities = ['Oslo', 'Rome']
    registerAiSdkTools(registry, {
      weather: tool({
        inputSchema: jsonSchema<{ city: string }>(
          { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
          {
            validate: (value) => {
              const city = (value as { city?: unknown }).city
              return typeof city === 'string' && cities.includes(city.trim())
                ? { success: true, value: { city: city.trim() } }
                : { success: false, error: new Error(`no weather for ${String(city)}`) }
            },
          },
        ),
        execute: async (input) => {
          inputs.push(input)
          return 'sunny'
        },
      }),
    })
    const invalid = await registry.execute(call('weather', { city: 'Atlantis' }))
    expect(invalid).toMatchObject({
      error: { code: 'INVALID_ARGS' },
      content: [{ type: 'text', text: 'Error: invalid arguments: no weather for Atlantis' }],
    })
    await registry.execute(call('weather', { city: ' Oslo ' }))
    expect(inputs).toEqual([{ city: 'Oslo' }])
  })

  it('keeps the paths of the issues an AI SDK schema reports (zodSchema())', async () => {
    const registry = createToolRegistry()
    registerAiSdkTools(registry, {
      edit: tool({
        inputSchema: zodSchema(z.object({ edits: z.array(z.object({ path: z.string() })) })),
        execute: async () => 'edited',
      }),
    })
    const invalid = await registry.execute(call('edit', { edits: [{ path: 'a' }, { path: 3 }] }))
    expect(invalid.content).toEqual([
      {
        type: 'text',
        text: 'Error: invalid arguments: "edits[1].path": Invalid input: expected string, received number',
      },
    ])
  })

  it('checks a jsonSchema() without validate by toolpipe’s engine when its JSON Schema lies inside the subset', async () => {
    const registry = createToolRegistry()
    let ran = 0
    registerAiSdkTools(registry, {
      weather: tool({
        inputSchema: jsonSchema<{ city: string; days?: number }>({
          type: 'object',
          properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1 } },
          required: ['city'],
          additionalProperties: false,
        }),
        execute: async () => {
          ran++
          return 'sunny'
        },
      }),
    })
    const invalid = await registry.execute(call('weather', { days: 0, extra: true }))
    expect(invalid.error?.code).toBe('INVALID_ARGS')
    expect(invalid.content).toEqual([
      {
        type: 'text',
        text: 'Error: invalid arguments: "days" must be at least 1, got 0; "extra": unknown property "extra" (additional properties are not allowed); "city": missing required property "city"',
      },
    ])
    expect(ran).toBe(0)
    expect((await registry.execute(call('weather', { city: 'Oslo', days: 2 }))).isError).toBe(false)
    expect(ran).toBe(1)
  })

  it('leaves a jsonSchema() without validate outside the subset unchecked, as the AI SDK does', async () => {
    const registry = createToolRegistry()
    const inputs: unknown[] = []
    registerAiSdkTools(registry, {
      query: tool({
        inputSchema: jsonSchema({
          type: 'object',
          properties: { filter: { $ref: '#/definitions/filter' } },
          definitions: { filter: { type: 'object' } },
        }),
        execute: async (input) => {
          inputs.push(input)
          return 'rows'
        },
      }),
    })
    expect((await registry.execute(call('query', { filter: 'anything' }))).isError).toBe(false)
    expect(inputs).toEqual([{ filter: 'anything' }])
  })

  it('removes the null a strict model sends for an optional member before the schema checks it', async () => {
    const registry = createToolRegistry()
    const inputs: unknown[] = []
    registerAiSdkTools(registry, {
      search: tool({
        inputSchema: z.object({ query: z.string(), limit: z.number().int().optional() }),
        execute: async (input) => {
          inputs.push(input)
          return 'hits'
        },
      }),
    })
    const result = await registry.execute(call('search', { query: 'toolpipe', limit: null }))
    expect(result.isError).toBe(false)
    expect(inputs).toEqual([{ query: 'toolpipe' }])
  })

  it('refuses a Standard Schema without JSON Schema, as the AI SDK cannot send it either', () => {
    const registry = createToolRegistry()
    const noJsonSchema = {
      '~standard': {
        version: 1 as const,
        vendor: 'handmade',
        validate: (value: unknown) => ({ value }),
      },
    }
    expect(() =>
      registerAiSdkTools(registry, {
        bare: tool({ inputSchema: noJsonSchema, execute: async () => 'x' }),
      }),
    ).toThrow(
      expect.objectContaining({
        name: 'AiSdkBridgeError',
        code: 'UNSUPPORTED_TOOL',
        message:
          'registerAiSdkTools: tool "bare": its input schema has no JSON Schema: Standard schema vendor \'handmade\' does not support JSON Schema conversion.',
      }),
    )
    expect(registry.list()).toEqual([])
  })
})
