import { SpanStatusCode } from '@opentelemetry/api'
import { describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { recordingTracing, useAsyncHooksContext } from './__fixtures__/otel.js'
import { pipelineOf } from './__fixtures__/every-outcome.js'

useAsyncHooksContext()

const alice = { id: 'alice' }

/** `otelTracing`: one span, with its status and `error.type`, for every way the pipeline ends a call. */

describe('status and error.type: every outcome the pipeline codes', () => {
  it.each([
    ['ok', callInput('ok', {}, { agent: alice }), undefined],
    ['unreadable input', { callId: 42 }, 'INVALID_INPUT'],
    ['arguments that are not JSON', callInput('ok', { at: new Date() }), 'NOT_JSON'],
    ['an unknown tool', callInput('nope'), 'UNKNOWN_TOOL'],
    ['invalid arguments', callInput('strict', {}), 'INVALID_ARGS'],
    ['a policy denial', callInput('policy_denied'), 'POLICY_DENIED'],
    ['a guard denial', callInput('guard_denied'), 'GUARD_DENIED'],
    ['a rejection', callInput('approve_rejected', {}, { agent: alice }), 'APPROVAL_REJECTED'],
    [
      'a cancelled approval',
      callInput('approve_cancelled', {}, { agent: alice }),
      'APPROVAL_CANCELLED',
    ],
    [
      'an unavailable approval',
      callInput('approve_unavailable', {}, { agent: alice }),
      'APPROVAL_UNAVAILABLE',
    ],
    ['an ask without an agent', callInput('approve_no_agent'), 'APPROVAL_UNAVAILABLE'],
    [
      'an answer that is no outcome',
      callInput('approve_invalid', {}, { agent: alice }),
      'INVALID_APPROVAL',
    ],
    [
      'a throwing approval service',
      callInput('approve_throws', {}, { agent: alice }),
      'LISTENER_FAILED',
    ],
    ['a throwing policy', callInput('policy_throws'), 'LISTENER_FAILED'],
    ['a post-execute block', callInput('post_blocked'), 'POST_BLOCKED'],
    ['a throwing tool', callInput('fails'), 'TOOL_FAILED'],
    ['a tool that throws a HarnessError', callInput('denies_itself'), 'POLICY_DENIED'],
    ['a timeout', callInput('hangs'), 'TOOL_TIMEOUT'],
  ] as const)('%s: exactly one span, with its code', async (_label, input, code) => {
    const tracing = recordingTracing()
    const registry = pipelineOf(tracing.tracer)
    const result = await tracing.tracer.startActiveSpan('turn', async (turn) => {
      const settled = await registry.execute(input as never)
      turn.end()
      return settled
    })
    expect(result.error?.code).toBe(code)
    const turn = tracing.span('turn')
    const spans = tracing.spans().filter((span) => span !== turn)
    expect(spans).toHaveLength(1)
    const [span] = spans as [(typeof spans)[number]]
    // Even a call that ended before any policy was asked is a child of the caller's span.
    expect(span.parentSpanContext?.spanId).toBe(turn.spanContext().spanId)
    expect(span.attributes['error.type']).toBe(code)
    expect(span.status).toEqual(
      code === undefined ? { code: SpanStatusCode.UNSET } : { code: SpanStatusCode.ERROR },
    )
    expect(tracing.counter.started).toBe(tracing.counter.ended)
  })
})
