// @toolpipe/otel as a consumer uses it, with its peer @opentelemetry/api installed beside it, under
// every configuration of scripts/check-consumers.mjs. No SDK is installed here: the program hands
// the plugin a small recording `Tracer` written against the API's own types, which proves that
// the plugin's option types line up with the installed API and that the packed code runs.
import { trace } from '@opentelemetry/api'
import type { Attributes, Span, SpanOptions, SpanStatus, Tracer } from '@opentelemetry/api'
import { asCallId } from '@toolpipe/core'
import { otelTracing, OtelTracingError } from '@toolpipe/otel'
import { createToolRegistry, defineTool } from '@toolpipe/tools'

const log = (globalThis as unknown as { console: { log(message: string): void } }).console.log

function assert(condition: boolean, what: string): void {
  if (!condition) throw new Error(`consumer check failed: ${what}`)
}

interface Recorded {
  name: string
  attributes: Attributes
  status?: SpanStatus
  ended: boolean
}

/** A tracer that keeps what it is told: names, attributes, status, and whether each span ended. */
function recordingTracer(recorded: Recorded[]): Tracer {
  function startSpan(name: string, options?: SpanOptions): Span {
    const entry: Recorded = { name, attributes: { ...options?.attributes }, ended: false }
    recorded.push(entry)
    const span: Span = {
      spanContext: () => ({
        traceId: '0af7651916cd43dd8448eb211c80319c',
        spanId: 'b7ad6b7169203331',
        traceFlags: 1,
      }),
      setAttribute(key, value) {
        entry.attributes[key] = value
        return span
      },
      setAttributes(attributes) {
        Object.assign(entry.attributes, attributes)
        return span
      },
      addEvent: () => span,
      addLink: () => span,
      addLinks: () => span,
      setStatus(status) {
        entry.status = status
        return span
      },
      updateName: () => span,
      end() {
        entry.ended = true
      },
      isRecording: () => true,
      recordException: () => undefined,
    }
    return span
  }
  return {
    startSpan,
    startActiveSpan: ((name: string, ...rest: unknown[]) => {
      const run = rest[rest.length - 1] as (span: Span) => unknown
      return run(startSpan(name))
    }) as Tracer['startActiveSpan'],
  }
}

async function main(): Promise<void> {
  const recorded: Recorded[] = []
  const registry = createToolRegistry()
  const dispose = registry.use(
    otelTracing({ tracer: recordingTracer(recorded), recordArguments: true }),
  )
  registry.register(
    defineTool({
      name: 'echo',
      description: 'Echo a path.',
      parameters: { path: { type: 'string', required: true } },
      async execute({ path }) {
        return [{ type: 'text', text: path }]
      },
    }),
  )
  await registry.execute({ callId: asCallId('c1'), name: 'echo', arguments: { path: 'a.txt' } })
  await registry.execute({ callId: asCallId('c2'), name: 'echo', arguments: {} })
  dispose()
  await registry.execute({ callId: asCallId('c3'), name: 'echo', arguments: { path: 'b.txt' } })

  assert(recorded.length === 2, 'one span per call while installed')
  const [ok, invalid] = recorded as [Recorded, Recorded]
  assert(ok.name === 'execute_tool echo' && ok.ended, 'the span is named and ended')
  assert(ok.attributes['gen_ai.operation.name'] === 'execute_tool', 'gen_ai.operation.name')
  assert(ok.attributes['gen_ai.tool.call.arguments'] === '{"path":"a.txt"}', 'arguments opted in')
  assert(ok.status === undefined, 'a success leaves the status unset')
  assert(invalid.attributes['error.type'] === 'INVALID_ARGS', 'error.type is the code')
  assert(invalid.status?.code === 2, 'an error result sets status ERROR')

  // Without a tracer option the global tracer is used: here the API's no-op one, which changes nothing.
  const untraced = createToolRegistry()
  untraced.use(otelTracing())
  untraced.register(registry.get('echo')!)
  const plain = await untraced.execute({
    callId: asCallId('c4'),
    name: 'echo',
    arguments: { path: 'c' },
  })
  assert(!plain.isError && trace.getActiveSpan() === undefined, 'the global no-op tracer')

  let refused = false
  try {
    otelTracing({ recordResults: 'yes' as unknown as boolean })
  } catch (error) {
    refused = error instanceof OtelTracingError && error.code === 'INVALID_OPTIONS'
  }
  assert(refused, 'bad options throw OtelTracingError')
  log('consumer check passed')
}

void main()
