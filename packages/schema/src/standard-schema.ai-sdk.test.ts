import { asSchema, generateText, stepCountIs, tool } from 'ai'
import { MockLanguageModelV4 } from 'ai/test'
import { describe, expect, it } from 'vitest'
import { checkArgs } from './check-args.js'
import { schemaSpecToJsonSchema } from './schema-spec-to-json-schema.js'
import { standardSchema } from './standard-schema.js'

/**
 * SPEC §10 "Out", against a real consumer of Standard Schema: the Vercel AI SDK (`ai`), whose
 * `tool({ inputSchema })` takes any Standard Schema with a JSON Schema side, asks it for
 * `draft-07`, shows that to the model, and validates the model's input with `validate`.
 */

const spec = {
  path: { type: 'string', required: true, description: 'file to read' },
  limit: { type: 'integer', minimum: 1 },
} as const

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
}

/** A model that calls `read_file` with `input` first, then answers "done". */
function modelCalling(input: string): MockLanguageModelV4 {
  let step = 0
  return new MockLanguageModelV4({
    doGenerate: async () => {
      step++
      return step === 1
        ? {
            content: [{ type: 'tool-call', toolCallId: 'call-1', toolName: 'read_file', input }],
            finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
            usage,
            warnings: [],
          }
        : {
            content: [{ type: 'text', text: 'done' }],
            finishReason: { unified: 'stop', raw: 'stop' },
            usage,
            warnings: [],
          }
    },
  })
}

describe('standardSchema(spec) in the AI SDK', () => {
  it('is shown to the model as the spec JSON Schema (the draft-07 target)', async () => {
    const schema = asSchema(standardSchema(spec))
    expect(await schema.jsonSchema).toMatchObject(schemaSpecToJsonSchema(spec))
  })

  it('types and feeds a tool body with the validated input', async () => {
    const seen: unknown[] = []
    const readFile = tool({
      description: 'Read a file.',
      inputSchema: standardSchema(spec),
      execute: async ({ path, limit }) => {
        seen.push({ path, limit })
        return `read ${path}`
      },
    })
    const model = modelCalling('{"path":"a.ts","limit":3}')
    const result = await generateText({
      model,
      prompt: 'read a.ts',
      tools: { read_file: readFile },
      stopWhen: stepCountIs(2),
    })
    expect(seen).toEqual([{ path: 'a.ts', limit: 3 }])
    expect(result.text).toBe('done')
    const tools = model.doGenerateCalls[0]?.tools ?? []
    expect(tools).toHaveLength(1)
    expect(tools[0]).toMatchObject({
      type: 'function',
      name: 'read_file',
      inputSchema: schemaSpecToJsonSchema(spec),
    })
  })

  it('refuses invalid input with the checkArgs messages, and the body never runs', async () => {
    let ran = false
    const readFile = tool({
      description: 'Read a file.',
      inputSchema: standardSchema(spec),
      execute: async () => {
        ran = true
        return 'read'
      },
    })
    const result = await generateText({
      model: modelCalling('{"limit":0}'),
      prompt: 'read',
      tools: { read_file: readFile },
      stopWhen: stepCountIs(2),
    })
    expect(ran).toBe(false)
    const errors = result.steps[0]?.content.filter((part) => part.type === 'tool-error') ?? []
    expect(errors).toHaveLength(1)
    const text = String((errors[0] as { error: unknown }).error)
    // The AI SDK quotes the Standard issues it got: exactly checkArgs's, paths and messages.
    expect(text).toContain('AI_InvalidToolInputError')
    expect(text).toContain(JSON.stringify(checkArgs(spec, { limit: 0 })))
  })
})
