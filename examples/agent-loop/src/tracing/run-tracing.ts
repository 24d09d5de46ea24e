import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'
import type { Tracer } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace'
import type { ReadableSpan } from '@opentelemetry/sdk-trace'
import { otelTracing } from '@toolpipe/otel'
import type { Agent, ToolRegistryPlugin } from 'toolpipe'
import type { AgentLoopOutcome } from '../agent-loop.js'
import type { Model } from '../model/model.js'

/**
 * The OpenTelemetry side of one `--trace` run: a real SDK tracer provider that keeps every
 * finished span in memory (`InMemorySpanExporter`), the spans a harness adds around the pipeline's
 * own, and the spans themselves for printing at the end.
 */
export interface RunTracing {
  /** `@toolpipe/otel`'s plugin: one `execute_tool <name>` span per `registry.execute()`. */
  readonly plugin: ToolRegistryPlugin
  /** `model`, with one `chat <model>` span per turn (the GenAI conventions' inference span). */
  traceModel(model: Model): Model
  /**
   * Runs one pass of the loop inside an `invoke_agent <agent>` span, active while it runs: the
   * model's `chat` spans and the pipeline's `execute_tool` spans nest under it.
   */
  invokeAgent(agent: Agent, run: () => Promise<AgentLoopOutcome>): Promise<AgentLoopOutcome>
  /** The spans finished since the last call, oldest first; they are not returned again. */
  takeSpans(): ReadableSpan[]
  /** Ends the provider and the context manager this run installed. */
  shutdown(): Promise<void>
}

/** GenAI semantic-convention keys (development status; copied as `@toolpipe/otel` does). */
const operationName = 'gen_ai.operation.name'
const agentName = 'gen_ai.agent.name'
const requestModel = 'gen_ai.request.model'
const finishReasons = 'gen_ai.response.finish_reasons'
const errorType = 'error.type'

/**
 * Starts tracing a run, as a Node.js OpenTelemetry setup does: the async-hooks context manager
 * (spans nest by the active context) and the tracer provider become the global ones until
 * {@link RunTracing.shutdown}, so spans a tool body starts with the global API (`run_shell`'s
 * `process sh`) are recorded too. The plugin and the loop's own spans are handed their tracers.
 *
 * @example
 * const tracing = startRunTracing()
 * registry.use(tracing.plugin)
 * const outcome = await tracing.invokeAgent(agent, () => runAgentLoop({ model: tracing.traceModel(model), … }))
 * print(renderTrace(tracing.takeSpans(), colors))
 */
export function startRunTracing(): RunTracing {
  const exporter = new InMemorySpanExporter()
  const provider = new TracerProvider({
    spanProcessors: [new SimpleSpanProcessor({ exporter })],
  })
  const contextManager = new AsyncLocalStorageContextManager().enable()
  const installedContext = context.setGlobalContextManager(contextManager)
  const installedProvider = trace.setGlobalTracerProvider(provider)
  const harness: Tracer = provider.getTracer('toolpipe-agent-loop')

  return {
    plugin: otelTracing({ tracer: provider.getTracer('toolpipe') }),

    traceModel: (model) => tracedModel(harness, model),
    invokeAgent: (agent, run) => invokeAgent(harness, agent, run),

    takeSpans() {
      const spans = exporter.getFinishedSpans()
      exporter.reset()
      return spans
    },

    async shutdown() {
      await provider.shutdown()
      if (installedProvider) trace.disable()
      if (installedContext) context.disable()
      else contextManager.disable()
    },
  }
}

/** `model`, with one `chat <model>` span per turn (the GenAI conventions' inference span). */
function tracedModel(harness: Tracer, model: Model): Model {
  const name = model.name ?? model.description
  return {
    ...model,
    next(request) {
      return harness.startActiveSpan(
        `chat ${name}`,
        { kind: SpanKind.CLIENT, attributes: { [operationName]: 'chat', [requestModel]: name } },
        async (span) => {
          try {
            const turn = await model.next(request)
            span.setAttribute(finishReasons, [turn.toolCalls.length === 0 ? 'stop' : 'tool_calls'])
            span.setAttribute('toolpipe.model.tool_calls', turn.toolCalls.length)
            return turn
          } catch (error) {
            span.setStatus({ code: SpanStatusCode.ERROR })
            span.setAttribute(errorType, codeOf(error))
            throw error
          } finally {
            span.end()
          }
        },
      )
    },
  }
}

/** One pass of the loop inside an active `invoke_agent <agent>` span, its outcome recorded. */
function invokeAgent(
  harness: Tracer,
  agent: Agent,
  run: () => Promise<AgentLoopOutcome>,
): Promise<AgentLoopOutcome> {
  return harness.startActiveSpan(
    `invoke_agent ${agent.id}`,
    { attributes: { [operationName]: 'invoke_agent', [agentName]: agent.id } },
    async (span) => {
      try {
        const outcome = await run()
        span.setAttribute('toolpipe.loop.end', outcome.reason)
        span.setAttribute('toolpipe.loop.steps', outcome.steps)
        if (outcome.reason !== 'answered') {
          span.setStatus({ code: SpanStatusCode.ERROR })
          span.setAttribute(errorType, outcome.reason)
        }
        return outcome
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR })
        span.setAttribute(errorType, codeOf(error))
        throw error
      } finally {
        span.end()
      }
    },
  )
}

/** A low-cardinality `error.type`: a harness error's code, else the error's class name. */
function codeOf(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { code, name } = error as { code?: unknown; name?: unknown }
    if (typeof code === 'string') return code
    if (typeof name === 'string') return name
  }
  return 'Error'
}
