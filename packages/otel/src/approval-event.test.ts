import type { ReadableSpan } from '@opentelemetry/sdk-trace'
import { createToolRegistry } from '@toolpipe/tools'
import type { ApprovalOutcome, ApprovalService } from '@toolpipe/tools'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { milliseconds, recordingTracing, tool, useAsyncHooksContext } from './__fixtures__/otel.js'
import { otelTracing } from './otel-tracing.js'

useAsyncHooksContext()

type TimedEvent = ReadableSpan['events'][number]

/** The span's `toolpipe.approval` events (its `toolpipe.decision` events are decision-event.test.ts's). */
function approvalEvents(span: ReadableSpan): TimedEvent[] {
  return span.events.filter((event) => event.name === 'toolpipe.approval')
}

const alice = { id: 'alice' }

/** A registry whose `shell` tool always asks, traced by a recording tracer. */
function askingRegistry(approval: ApprovalService | undefined) {
  const tracing = recordingTracing()
  const registry = createToolRegistry({
    ...(approval === undefined ? {} : { approval }),
    logger: { warn: () => undefined },
  })
  registry.use(otelTracing({ tracer: tracing.tracer }))
  registry.register(tool('shell'))
  registry.on('tools/pre-execute', () => ({ kind: 'ask', reason: 'runs a command' }))
  return { tracing, registry }
}

/** An approval service the test answers by hand, after as long as it likes. */
function controlledApproval() {
  let answer: ((outcome: ApprovalOutcome) => void) | undefined
  let markAsked: () => void = () => undefined
  const asked = new Promise<void>((resolve) => {
    markAsked = resolve
  })
  const approval: ApprovalService = {
    request: () =>
      new Promise<ApprovalOutcome>((resolve) => {
        answer = resolve
        markAsked()
      }),
  }
  return {
    approval,
    /** Resolves once the pipeline has asked. */
    asked,
    answer(outcome: ApprovalOutcome) {
      if (answer === undefined) throw new Error('nobody was asked')
      answer(outcome)
    },
  }
}

describe('the toolpipe.approval event', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('records the outcome and how long the person took: a 40-minute wait', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance', 'Date'] })
    const person = controlledApproval()
    const { tracing, registry } = askingRegistry(person.approval)
    const pending = registry.execute(callInput('shell', {}, { agent: alice }))
    await person.asked
    await vi.advanceTimersByTimeAsync(40 * 60 * 1000)
    person.answer({ kind: 'allowed-once' })
    await expect(pending).resolves.toMatchObject({ isError: false })
    const span = tracing.span('execute_tool shell')
    expect(approvalEvents(span)).toHaveLength(1)
    const [event] = approvalEvents(span) as [TimedEvent]
    expect(event.name).toBe('toolpipe.approval')
    expect(event.attributes).toEqual({
      'toolpipe.approval.outcome': 'allowed-once',
      'toolpipe.approval.duration_ms': 40 * 60 * 1000,
    })
    // The wait is inside the span, and the event is stamped when the answer came back.
    expect(milliseconds(span.duration)).toBeGreaterThanOrEqual(40 * 60 * 1000)
    expect(milliseconds(event.time) - milliseconds(span.startTime)).toBe(40 * 60 * 1000)
  })

  it.each([
    [{ kind: 'rejected', reason: 'not on prod' }, 'rejected', 'APPROVAL_REJECTED'],
    [{ kind: 'cancelled' }, 'cancelled', 'APPROVAL_CANCELLED'],
    [{ kind: 'unavailable' }, 'unavailable', 'APPROVAL_UNAVAILABLE'],
  ] as const)('records %o as its kind, and the span as the denial', async (outcome, kind, code) => {
    const person = controlledApproval()
    const { tracing, registry } = askingRegistry(person.approval)
    const pending = registry.execute(callInput('shell', {}, { agent: alice }))
    await person.asked
    person.answer(outcome)
    await pending
    const span = tracing.span('execute_tool shell')
    expect(
      approvalEvents(span).map((event) => event.attributes?.['toolpipe.approval.outcome']),
    ).toEqual([kind])
    expect(approvalEvents(span)[0]!.attributes?.['toolpipe.approval.duration_ms']).toEqual(
      expect.any(Number),
    )
    expect(span.attributes['error.type']).toBe(code)
  })

  it('a service that fails: no outcome, the failure’s code as error.type on the event', async () => {
    const { tracing, registry } = askingRegistry({
      request: () => Promise.reject(new Error('approval UI crashed')),
    })
    await registry.execute(callInput('shell', {}, { agent: alice }))
    const span = tracing.span('execute_tool shell')
    expect(approvalEvents(span)).toHaveLength(1)
    expect(approvalEvents(span)[0]!.name).toBe('toolpipe.approval')
    expect(approvalEvents(span)[0]!.attributes).toEqual({
      'error.type': 'LISTENER_FAILED',
      'toolpipe.approval.duration_ms': expect.any(Number) as number,
    })
    expect(span.attributes['error.type']).toBe('LISTENER_FAILED')
  })

  it('an answer that is no outcome: INVALID_APPROVAL', async () => {
    const { tracing, registry } = askingRegistry({
      request: async () => ({ kind: 'maybe' }) as never,
    })
    await registry.execute(callInput('shell', {}, { agent: alice }))
    const span = tracing.span('execute_tool shell')
    expect(approvalEvents(span)[0]!.attributes?.['error.type']).toBe('INVALID_APPROVAL')
    expect(approvalEvents(span)[0]!.attributes).not.toHaveProperty('toolpipe.approval.outcome')
  })

  it('no event when nobody was asked: no ask, no approval service, or no agent on the call', async () => {
    const noService = askingRegistry(undefined)
    await noService.registry.execute(callInput('shell', {}, { agent: alice }))
    const noAgent = askingRegistry(controlledApproval().approval)
    await noAgent.registry.execute(callInput('shell'))
    const noAsk = recordingTracing()
    const plain = createToolRegistry({ approval: controlledApproval().approval })
    plain.use(otelTracing({ tracer: noAsk.tracer }))
    plain.register(tool('shell'))
    await plain.execute(callInput('shell', {}, { agent: alice }))
    for (const spans of [noService.tracing.spans(), noAgent.tracing.spans(), noAsk.spans()]) {
      expect(spans).toHaveLength(1)
      expect(approvalEvents(spans[0]!)).toEqual([])
    }
  })
})
