import { asCallId } from '@toolpipe/core'
import { createToolRegistry, defineTool } from '@toolpipe/tools'
import type { ToolExecuteReturn } from '@toolpipe/tools'
import { timeoutPolicy } from '@toolpipe/timeout-policy'
import { generateText, stepCountIs } from 'ai'
import { turnOrderTools } from '@toolpipe/adapter-testkit'
import { describe, expect, it } from 'vitest'
import { scriptedModel } from './__fixtures__/scripted-model.js'
import { toAiSdkTools } from './index.js'
import { coder, invoke, probe } from './__fixtures__/invoke-ai-sdk-tool.js'

/** `toAiSdkTools`: how the tool set's calls run through `execute()` and what the model reads of them. */

describe('toAiSdkTools: calls', () => {
  it('runs through execute() with the AI SDK’s call id and abort signal, for the agent', async () => {
    const registry = createToolRegistry()
    const { definition, calls } = probe()
    registry.register(definition)
    const controller = new AbortController()
    const result = await invoke(
      toAiSdkTools(registry, { agent: coder }).probe,
      {},
      controller.signal,
    )
    expect(result).toMatchObject({ isError: false, content: [{ type: 'text', text: 'ok' }] })
    expect(calls[0]).toMatchObject({ callId: 'call_1', name: 'probe', agent: coder })
    expect(calls[0]?.signal).toBe(controller.signal)
  })

  it('lets the timeout policy abort a call through the signal it hands the tool', async () => {
    const registry = createToolRegistry()
    registry.use(timeoutPolicy())
    registry.register(
      defineTool({
        name: 'slow',
        description: 'Slow.',
        parameters: {},
        timeoutMs: 10,
        execute: (_args, exec) =>
          new Promise<ToolExecuteReturn>((resolve) => {
            exec.signal?.addEventListener('abort', () => {
              resolve([{ type: 'text', text: 'stopped' }])
            })
          }),
      }),
    )
    const result = await invoke(toAiSdkTools(registry).slow, {})
    expect(result).toMatchObject({ isError: true, error: { code: 'TOOL_TIMEOUT' } })
  })

  it('answers UNKNOWN_TOOL, as an error result, for a tool removed after the tool set was made', async () => {
    const registry = createToolRegistry()
    const dispose = registry.register(probe().definition)
    const tools = toAiSdkTools(registry)
    dispose()
    expect(await invoke(tools.probe, {})).toMatchObject({
      isError: true,
      error: { code: 'UNKNOWN_TOOL' },
      content: [{ type: 'text', text: 'Error: unknown tool "probe"' }],
    })
  })

  it('gives the model a single text block as text, other content as content parts, errors as error text', () => {
    const registry = createToolRegistry()
    registry.register(probe().definition)
    const toModelOutput = toAiSdkTools(registry).probe?.toModelOutput
    if (toModelOutput === undefined) throw new Error('no toModelOutput')
    const model = (output: Parameters<typeof toModelOutput>[0]['output']) =>
      toModelOutput({ toolCallId: 'c', input: {}, output })
    expect(model({ isError: false, content: [{ type: 'text', text: 'hi' }] })).toEqual({
      type: 'text',
      value: 'hi',
    })
    expect(model({ isError: false, content: [] })).toEqual({ type: 'text', value: '' })
    expect(
      model({
        isError: false,
        content: [
          { type: 'text', text: 'see' },
          { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
          { type: 'reasoning', text: 'because' },
          { type: 'tool-call', id: asCallId('x'), name: 'n', arguments: '{}' },
        ],
      }),
    ).toEqual({
      type: 'content',
      value: [
        { type: 'text', text: 'see' },
        { type: 'file', mediaType: 'image/png', data: { type: 'data', data: 'iVBORw0KGgo=' } },
        { type: 'text', text: 'because' },
        { type: 'text', text: '{"type":"tool-call","id":"x","name":"n","arguments":"{}"}' },
      ],
    })
    expect(
      model({
        isError: true,
        error: { name: 'ToolBlockedError', code: 'POST_BLOCKED' },
        content: [
          { type: 'text', text: 'blocked:' },
          { type: 'image', data: 'AA==', mimeType: 'image/png' },
        ],
      }),
    ).toEqual({
      type: 'error-text',
      value: 'blocked:\n{"type":"image","data":"AA==","mimeType":"image/png"}',
    })
  })

  it('never hands the model a malformed block: a tool that returns { type: "text", text: 5 } is INVALID_CONTENT error text', async () => {
    const registry = createToolRegistry()
    registry.register({
      name: 'careless',
      description: 'Returns a number where text belongs.',
      parameters: { type: 'object' },
      execute: async () => [{ type: 'text', text: 5 }] as never,
    })
    const careless = toAiSdkTools(registry).careless
    const output = await invoke(careless, {})
    expect(output.error).toEqual({ name: 'InvalidContentError', code: 'INVALID_CONTENT' })
    expect(careless?.toModelOutput?.({ toolCallId: 'c', input: {}, output })).toEqual({
      type: 'error-text',
      value:
        'Error: tool "careless" returned a malformed content block at content[0]: "text" must be a string, got number',
    })
  })

  it('runs a step’s calls one at a time in the model’s order although the AI SDK starts them at once', async () => {
    const { definitions, log, inModelOrder } = turnOrderTools()
    const registry = createToolRegistry()
    for (const definition of definitions) registry.register(definition)
    await generateText({
      model: scriptedModel([
        () => ({
          toolCalls: [
            { id: 'c1', name: 'first', input: {} },
            { id: 'c2', name: 'second', input: {} },
            { id: 'c3', name: 'third', input: {} },
          ],
        }),
        () => ({ text: 'done' }),
      ]),
      tools: toAiSdkTools(registry),
      stopWhen: stepCountIs(3),
      prompt: 'go',
    })
    expect(log).toEqual(inModelOrder)
  })

  it('passes the abort of a generateText run to the running tool', async () => {
    const registry = createToolRegistry()
    const aborted: unknown[] = []
    const controller = new AbortController()
    registry.register(
      defineTool({
        name: 'wait',
        description: 'Waits.',
        parameters: {},
        execute: (_args, exec) =>
          new Promise<ToolExecuteReturn>((resolve) => {
            exec.signal?.addEventListener('abort', () => {
              aborted.push(exec.callId)
              resolve([{ type: 'text', text: 'stopped' }])
            })
            controller.abort()
          }),
      }),
    )
    await expect(
      generateText({
        model: scriptedModel([
          () => ({ toolCalls: [{ id: 'w1', name: 'wait', input: {} }] }),
          () => ({ text: 'done' }),
        ]),
        tools: toAiSdkTools(registry),
        stopWhen: stepCountIs(3),
        abortSignal: controller.signal,
        prompt: 'go',
      }),
    ).rejects.toThrow()
    expect(aborted).toEqual(['w1'])
  })
})
