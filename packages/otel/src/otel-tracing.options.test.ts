import { SpanStatusCode } from '@opentelemetry/api'
import { createToolRegistry } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { recordingTracing, text, tool, useAsyncHooksContext } from './__fixtures__/otel.js'
import { otelTracing } from './otel-tracing.js'
import { OtelTracingError } from './otel-tracing-error.js'

useAsyncHooksContext()

/** `otelTracing`'s options: the opt-ins for arguments and results, and the options it refuses. */

describe('arguments and results: only when opted in, as JSON text', () => {
  function tracedRegistry(options: { recordArguments?: boolean; recordResults?: boolean }) {
    const tracing = recordingTracing()
    const registry = createToolRegistry()
    registry.use(otelTracing({ tracer: tracing.tracer, ...options }))
    registry.register(tool('read_file', () => [text('line 1'), text('line 2')]))
    registry.register(
      tool('fails', () => {
        throw new Error('no such file: secrets.env')
      }),
    )
    return { tracing, registry }
  }

  const args = { path: 'src/index.ts', offset: 120, limit: null, tags: ['a', 'é'] }

  it('records neither by default', async () => {
    const { tracing, registry } = tracedRegistry({})
    await registry.execute(callInput('read_file', args))
    await registry.execute(callInput('fails', args))
    for (const span of tracing.spans()) {
      expect(span.attributes).not.toHaveProperty('gen_ai.tool.call.arguments')
      expect(span.attributes).not.toHaveProperty('gen_ai.tool.call.result')
    }
    expect(tracing.span('execute_tool fails').status).toEqual({ code: SpanStatusCode.ERROR })
  })

  it('recordArguments: the snapshotted arguments, as JSON text, on every call that has them', async () => {
    const { tracing, registry } = tracedRegistry({ recordArguments: true })
    await registry.execute(callInput('read_file', args))
    await registry.execute(callInput('nope', { q: 1 }))
    await registry.execute(callInput('read_file', { bad: Number.NaN }))
    const [read, unknown, notJson] = tracing.spans()
    expect(read!.attributes['gen_ai.tool.call.arguments']).toBe(JSON.stringify(args))
    expect(JSON.parse(String(read!.attributes['gen_ai.tool.call.arguments']))).toEqual(args)
    expect(unknown!.attributes['gen_ai.tool.call.arguments']).toBe('{"q":1}')
    // Arguments that are not JSON were never snapshotted: there is nothing to record.
    expect(notJson!.attributes['error.type']).toBe('NOT_JSON')
    expect(notJson!.attributes).not.toHaveProperty('gen_ai.tool.call.arguments')
    expect(read!.attributes).not.toHaveProperty('gen_ai.tool.call.result')
  })

  it('recordResults: a success’s content as JSON text; an error’s message as the status description', async () => {
    const { tracing, registry } = tracedRegistry({ recordResults: true })
    await registry.execute(callInput('read_file', args))
    await registry.execute(callInput('fails', args))
    const read = tracing.span('execute_tool read_file')
    expect(read.attributes['gen_ai.tool.call.result']).toBe(
      JSON.stringify([text('line 1'), text('line 2')]),
    )
    expect(read.attributes).not.toHaveProperty('gen_ai.tool.call.arguments')
    const fails = tracing.span('execute_tool fails')
    // The conventions record a result "if execution was successful".
    expect(fails.attributes).not.toHaveProperty('gen_ai.tool.call.result')
    expect(fails.status).toEqual({
      code: SpanStatusCode.ERROR,
      message: 'Error: no such file: secrets.env',
    })
  })
})

describe('options', () => {
  it.each([
    ['not an object', 'yes', 'otelTracing: options must be an object, got string'],
    [
      'a tracer without startSpan',
      { tracer: {} },
      'otelTracing: tracer must have a startSpan method, got an empty object',
    ],
    [
      'a meter without createHistogram',
      { meter: { createCounter() {} } },
      'otelTracing: meter must have a createHistogram method, got an object with keys ["createCounter"]',
    ],
    [
      'a flag that is not a boolean',
      { recordArguments: 'yes' },
      'otelTracing: recordArguments must be a boolean, got "yes"',
    ],
    [
      'a flag that is not a boolean',
      { recordResults: 1 },
      'otelTracing: recordResults must be a boolean, got 1',
    ],
  ])('refuses %s, synchronously, with INVALID_OPTIONS', (_label, options, message) => {
    let thrown: unknown
    try {
      otelTracing(options as never)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(OtelTracingError)
    expect(thrown).toMatchObject({ name: 'OtelTracingError', code: 'INVALID_OPTIONS', message })
  })

  it('reads each option once, and a throwing getter is an INVALID_OPTIONS error', () => {
    let reads = 0
    const options = {
      get recordArguments() {
        reads++
        return true
      },
    }
    otelTracing(options)
    expect(reads).toBe(1)
    expect(() =>
      otelTracing({
        get tracer(): never {
          throw new Error('no tracer for you')
        },
      }),
    ).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }) as Error)
  })
})
