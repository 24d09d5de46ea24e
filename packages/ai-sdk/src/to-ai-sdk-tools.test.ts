import { asCallId } from '@toolpipe/core'
import { createToolRegistry, defineTool } from '@toolpipe/tools'
import type {
  DialectIssueReport,
  ToolDefinition,
  ToolExecuteReturn,
  ToolExecution,
} from '@toolpipe/tools'
import { timeoutPolicy } from '@toolpipe/timeout-policy'
import { asSchema, generateText, stepCountIs } from 'ai'
import type { ModelMessage } from 'ai'
import { describe, expect, it, vi } from 'vitest'
import { scriptedModel } from './__fixtures__/scripted-model.js'
import { toAiSdkTools } from './index.js'
import type { AiSdkTool, AiSdkToolOutput, AiSdkToolProgress } from './index.js'

const coder = { id: 'coder' }

/**
 * Calls an AI SDK tool as the AI SDK does, with a call id and, optionally, an abort signal, and
 * collects every output it streams: progress reports, then the result (the last one).
 */
async function outputsOf(
  tool: AiSdkTool | undefined,
  input: unknown,
  abortSignal?: AbortSignal,
): Promise<AiSdkToolOutput[]> {
  if (tool?.execute === undefined) throw new Error('not an executable tool')
  const messages: ModelMessage[] = []
  const returned = tool.execute(input, {
    toolCallId: 'call_1',
    messages,
    context: {},
    ...(abortSignal === undefined ? {} : { abortSignal }),
  })
  if (!(Symbol.asyncIterator in returned)) throw new Error('the tool does not stream')
  const outputs: AiSdkToolOutput[] = []
  for await (const output of returned) outputs.push(output)
  return outputs
}

/** The result of a call: the last output of the tool. */
async function invoke(tool: AiSdkTool | undefined, input: unknown, abortSignal?: AbortSignal) {
  const outputs = await outputsOf(tool, input, abortSignal)
  const result = outputs.at(-1)
  if (result === undefined || 'preliminary' in result) throw new Error('no result')
  return result
}

function probe(parameters: Parameters<typeof defineTool>[0]['parameters'] = {}) {
  const calls: ToolExecution[] = []
  const definition = defineTool({
    name: 'probe',
    description: 'Probe.',
    parameters,
    async execute(_args, exec) {
      calls.push(exec)
      return [{ type: 'text', text: 'ok' }]
    },
  })
  return { definition, calls }
}

describe('toAiSdkTools: the tool set', () => {
  it('shows each visible tool with its description and its parameters as the input schema', async () => {
    const registry = createToolRegistry()
    registry.register(probe({ path: { type: 'string', required: true, maxLength: 80 } }).definition)
    const tools = toAiSdkTools(registry)
    expect(Object.keys(tools)).toEqual(['probe'])
    expect(tools.probe?.description).toBe('Probe.')
    expect(await asSchema(tools.probe?.inputSchema).jsonSchema).toEqual(
      registry.schemas()[0]?.parameters,
    )
    expect(tools.probe).not.toHaveProperty('strict')
  })

  it('writes the input schemas in the dialect asked for, with strict: true for openai-strict', async () => {
    const registry = createToolRegistry()
    registry.register(
      probe({ path: { type: 'string', required: true, maxLength: 80 }, limit: { type: 'integer' } })
        .definition,
    )
    const tools = toAiSdkTools(registry, { dialect: 'openai-strict' })
    expect(tools.probe?.strict).toBe(true)
    expect(await asSchema(tools.probe?.inputSchema).jsonSchema).toEqual({
      type: 'object',
      properties: {
        path: { type: 'string', description: 'at most 80 characters' },
        limit: { type: ['integer', 'null'] },
      },
      required: ['path', 'limit'],
      additionalProperties: false,
    })
    const gemini = toAiSdkTools(registry, { dialect: 'gemini' })
    expect(gemini.probe).not.toHaveProperty('strict')
    expect(await asSchema(gemini.probe?.inputSchema).jsonSchema).toEqual(
      registry.schemas(undefined, { dialect: 'gemini' })[0]?.parameters,
    )
  })

  it('one tool the dialect cannot express never takes the others down: it degrades as schemas() degrades it, reported (SPEC §22)', async () => {
    const registry = createToolRegistry()
    registry.register(probe({ path: { type: 'string', required: true } }).definition)
    registry.register({ ...probe({ options: { type: 'object' } }).definition, name: 'configure' })
    registry.register({ ...probe({ list: { type: 'array' } }).definition, name: 'lister' })
    const reports: DialectIssueReport[] = []
    const tools = toAiSdkTools(registry, {
      dialect: 'openai-strict',
      onDialectIssue: (report) => reports.push(report),
    })
    expect(Object.keys(tools)).toEqual(['probe', 'configure'])
    expect(tools.probe).toMatchObject({ strict: true })
    expect(tools.configure).not.toHaveProperty('strict')
    expect(await asSchema(tools.configure?.inputSchema).jsonSchema).toEqual({
      type: 'object',
      properties: { options: { type: 'object' } },
    })
    expect(reports.map(({ tool, action }) => [tool, action])).toEqual([
      ['configure', 'non-strict'],
      ['lister', 'omitted'],
    ])
    // Gemini: left out, never non-strict.
    const gemini: DialectIssueReport[] = []
    expect(
      Object.keys(
        toAiSdkTools(registry, {
          dialect: 'gemini',
          onDialectIssue: (report) => gemini.push(report),
        }),
      ),
    ).toEqual(['probe', 'configure'])
    expect(gemini.map(({ tool, action }) => [tool, action])).toEqual([['lister', 'omitted']])
  })

  it('without onDialectIssue, the registry logger warns once per (tool, dialect), not per tool set', () => {
    const warnings: unknown[][] = []
    const registry = createToolRegistry({ logger: { warn: (...line) => warnings.push(line) } })
    registry.register({ ...probe({ list: { type: 'array' } }).definition, name: 'lister' })
    for (let turn = 0; turn < 3; turn++) {
      expect(toAiSdkTools(registry, { dialect: 'openai-strict' })).toEqual({})
    }
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toEqual([
      expect.stringContaining('tool "lister" cannot be expressed in the openai-strict dialect'),
    ])
    expect(() => toAiSdkTools(registry, { onDialectIssue: 'log' as never })).toThrow(
      expect.objectContaining({
        name: 'AiSdkBridgeError',
        code: 'INVALID_OPTIONS',
        message: 'toAiSdkTools: onDialectIssue must be a function, got "log"',
      }) as Error,
    )
  })

  it('shows the tools of the agent’s scope', () => {
    const registry = createToolRegistry()
    registry.register(probe().definition)
    const local: ToolDefinition = { ...probe().definition, name: 'local' }
    registry.register(local, { scope: coder })
    registry.restrict(coder, { deny: ['probe'] })
    expect(Object.keys(toAiSdkTools(registry, { agent: coder }))).toEqual(['local'])
    expect(Object.keys(toAiSdkTools(registry))).toEqual(['probe'])
    expect(Object.keys(toAiSdkTools(registry.scope(coder)))).toEqual(['local'])
  })

  it('keeps a tool named __proto__ an own member of the tool set, and runs it', async () => {
    const registry = createToolRegistry()
    registry.register({ ...probe().definition, name: '__proto__' })
    const tools = toAiSdkTools(registry)
    expect(Object.getPrototypeOf(tools)).toBe(Object.prototype)
    expect(Object.keys(tools)).toEqual(['__proto__'])
    const own = Object.getOwnPropertyDescriptor(tools, '__proto__')?.value as AiSdkTool
    expect(await invoke(own, {})).toMatchObject({ isError: false })
  })

  it('refuses options it cannot use, naming them', () => {
    const registry = createToolRegistry()
    const scoped = registry.scope(coder)
    const refusals: [unknown, unknown, string][] = [
      [
        undefined,
        undefined,
        'toAiSdkTools: tools must be a ToolRegistry or ScopedTools, got undefined',
      ],
      [registry, 7, 'toAiSdkTools: options must be an object, got 7'],
      [registry, { agent: 3 }, 'toAiSdkTools: agent must be an agent object, got 3'],
      [
        registry,
        { dialect: 'claude' },
        'toAiSdkTools: dialect must be one of "json-schema", "openai-strict", "openai", "gemini", "anthropic", got "claude"',
      ],
      [
        scoped,
        { agent: { id: 'other' } },
        'toAiSdkTools: the agent option must be left out for a ScopedTools, whose calls run for its own agent "coder"',
      ],
    ]
    for (const [tools, options, message] of refusals) {
      expect(() => toAiSdkTools(tools as never, options as never)).toThrow(
        expect.objectContaining({ name: 'AiSdkBridgeError', code: 'INVALID_OPTIONS', message }),
      )
    }
    expect(toAiSdkTools(scoped, { agent: coder })).toEqual({})
  })
})

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
    const log: string[] = []
    const registry = createToolRegistry()
    for (const [name, ms] of [
      ['first', 30],
      ['second', 1],
      ['third', 1],
    ] as const) {
      registry.register(
        defineTool({
          name,
          description: name,
          parameters: {},
          async execute() {
            log.push(`start ${name}`)
            await new Promise((resolve) => setTimeout(resolve, ms))
            log.push(`end ${name}`)
            return [{ type: 'text', text: name }]
          },
        }),
      )
    }
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
    expect(log).toEqual([
      'start first',
      'end first',
      'start second',
      'end second',
      'start third',
      'end third',
    ])
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

describe('toAiSdkTools: progress and cancellation', () => {
  it('streams each progress report as a preliminary output, then the result', async () => {
    const registry = createToolRegistry()
    registry.register(
      defineTool({
        name: 'tests',
        description: 'Run the tests.',
        parameters: {},
        execute: (_args, exec) => {
          exec.reportProgress({ progress: 1, total: 2, message: 'a.test.ts' })
          exec.reportProgress({ progress: 2, total: 2, content: [{ type: 'text', text: 'ok' }] })
          return Promise.resolve([{ type: 'text', text: '2 passed' }])
        },
      }),
    )
    const outputs = await outputsOf(toAiSdkTools(registry).tests, {})
    expect(outputs).toEqual([
      { preliminary: true, update: { progress: 1, total: 2, message: 'a.test.ts' } },
      {
        preliminary: true,
        update: { progress: 2, total: 2, content: [{ type: 'text', text: 'ok' }] },
      },
      { isError: false, content: [{ type: 'text', text: '2 passed' }] },
    ])
    expect(Object.isFrozen((outputs[0] as AiSdkToolProgress).update)).toBe(true)
  })

  it('observes the registry once for all the calls in flight, and not at all when none is (issue #34)', async () => {
    const registry = createToolRegistry()
    let release!: () => void
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    registry.register({
      ...defineTool({
        name: 'wait',
        description: 'Wait, reporting progress.',
        parameters: { n: { type: 'integer', required: true } },
        async execute({ n }, exec) {
          await gate
          exec.reportProgress({ progress: n })
          return [{ type: 'text', text: String(n) }]
        },
      }),
      concurrencySafe: true,
    })
    const on = vi.spyOn(registry, 'on')
    const wait = toAiSdkTools(registry).wait
    const calls = Array.from({ length: 200 }, (_, n) => outputsOf(wait, { n }))
    await vi.waitFor(() => {
      expect(on).toHaveBeenCalled()
    })
    // One tools/start and one tools/progress observer for the 200 calls, not a pair per call.
    expect(on.mock.calls.map(([event]) => event)).toEqual(['tools/start', 'tools/progress'])
    release()
    const outputs = await Promise.all(calls)
    expect(
      outputs.every((each, n) => {
        const [update, result] = each
        return (
          update !== undefined &&
          'preliminary' in update &&
          update.update.progress === n &&
          result !== undefined &&
          !('preliminary' in result) &&
          result.content[0]?.type === 'text' &&
          result.content[0].text === String(n)
        )
      }),
    ).toBe(true)
    // All settled: the observers are gone; the next call installs them again.
    await outputsOf(wait, { n: 0 })
    expect(on).toHaveBeenCalledTimes(4)
  })

  it('lets a reader stop early: the call runs on to its end, and nothing is left waiting', async () => {
    const registry = createToolRegistry()
    const finished: string[] = []
    registry.on('tools/result', (exec) => void finished.push(exec.callId))
    registry.register(
      defineTool({
        name: 'steps',
        description: 'Report, then finish.',
        parameters: {},
        async execute(_args, exec) {
          exec.reportProgress({ message: 'first' })
          await Promise.resolve()
          exec.reportProgress({ message: 'second' })
          return [{ type: 'text', text: 'done' }]
        },
      }),
    )
    const steps = toAiSdkTools(registry).steps
    const returned = steps?.execute?.({}, { toolCallId: 'early', messages: [], context: {} })
    if (returned === undefined || !(Symbol.asyncIterator in returned)) throw new Error('no stream')
    for await (const output of returned) {
      expect(output).toEqual({ preliminary: true, update: { message: 'first' } })
      break
    }
    await vi.waitFor(() => {
      expect(finished).toEqual(['early'])
    })
    const iterator = returned[Symbol.asyncIterator]()
    expect(await iterator.next()).toEqual({ done: true, value: undefined })
  })

  it('gives each call its own progress, when safe calls overlap', async () => {
    const registry = createToolRegistry()
    let release!: () => void
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    registry.register({
      ...defineTool({
        name: 'scan',
        description: 'Scan a folder.',
        parameters: { folder: { type: 'string', required: true } },
        async execute({ folder }, exec) {
          exec.reportProgress({ message: `${folder}: started` })
          await gate
          exec.reportProgress({ message: `${folder}: done` })
          return [{ type: 'text', text: folder }]
        },
      }),
      concurrencySafe: true,
    })
    const scan = toAiSdkTools(registry).scan
    const both = Promise.all([
      outputsOf(scan, { folder: 'src' }),
      outputsOf(scan, { folder: 'docs' }),
    ])
    await new Promise((resolve) => setTimeout(resolve, 5))
    release()
    const [src, docs] = await both
    const messages = (outputs: AiSdkToolOutput[]) =>
      outputs.map((output) => ('preliminary' in output ? output.update.message : 'result'))
    expect(messages(src)).toEqual(['src: started', 'src: done', 'result'])
    expect(messages(docs)).toEqual(['docs: started', 'docs: done', 'result'])
  })

  it('ends a call whose signal aborts while it waits its turn as CANCELLED, without running it, observers told', async () => {
    const registry = createToolRegistry()
    const ran: string[] = []
    const observed: [string, string | undefined][] = []
    let finish!: () => void
    registry.register(
      defineTool({
        name: 'write',
        description: 'Write.',
        parameters: { path: { type: 'string', required: true } },
        async execute({ path }) {
          ran.push(path)
          if (path === 'first') {
            await new Promise<void>((resolve) => {
              finish = resolve
            })
          }
          return [{ type: 'text', text: path }]
        },
      }),
    )
    registry.on('tools/result', (exec, result) => {
      observed.push([exec.callId, result.error?.code])
    })
    const tools = toAiSdkTools(registry)
    const controller = new AbortController()
    const first = invoke(tools.write, { path: 'first' })
    const second = invoke(tools.write, { path: 'second' }, controller.signal)
    await new Promise((resolve) => setTimeout(resolve, 5))
    controller.abort()
    expect(await second).toMatchObject({
      content: [
        { type: 'text', text: 'Error: the call of tool "write" was cancelled before it started' },
      ],
      isError: true,
      error: { name: 'ToolCancelledError', code: 'CANCELLED' },
    })
    finish()
    expect(await first).toMatchObject({ isError: false })
    expect(ran).toEqual(['first'])
    expect(observed.map(([, code]) => code)).toEqual(['CANCELLED', undefined])
  })

  it('cancels at once a call whose signal aborted before it was made', async () => {
    const registry = createToolRegistry()
    const { definition, calls } = probe()
    registry.register(definition)
    expect(await invoke(toAiSdkTools(registry).probe, {}, AbortSignal.abort())).toMatchObject({
      error: { code: 'CANCELLED' },
    })
    expect(calls).toEqual([])
  })

  it('runs a scope’s calls after the scope was disposed, without progress', async () => {
    const registry = createToolRegistry()
    registry.register(
      defineTool({
        name: 'report',
        description: 'Reports.',
        parameters: {},
        execute: (_args, exec) => {
          exec.reportProgress({ message: 'half way' })
          return Promise.resolve([{ type: 'text', text: 'done' }])
        },
      }),
    )
    const scoped = registry.scope(coder)
    const tools = toAiSdkTools(scoped)
    expect((await outputsOf(tools.report, {})).length).toBe(2)
    scoped.dispose()
    expect(await outputsOf(tools.report, {})).toEqual([
      { isError: false, content: [{ type: 'text', text: 'done' }] },
    ])
  })
})
