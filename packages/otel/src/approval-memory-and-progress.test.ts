import { createToolRegistry } from '@toolpipe/tools'
import type { ApprovalOutcome } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { recordingTracing, text, tool, useAsyncHooksContext } from './__fixtures__/otel.js'
import { otelTracing } from './otel-tracing.js'

useAsyncHooksContext()

const alice = { id: 'alice' }

function traced(
  outcomes: ApprovalOutcome[],
  options: { recordArguments?: boolean; recordResults?: boolean } = {},
) {
  const tracing = recordingTracing()
  const registry = createToolRegistry({
    approval: {
      request: async () => {
        const outcome = outcomes.shift()
        if (outcome === undefined) throw new Error('asked once too often')
        return outcome
      },
    },
    logger: { warn: () => undefined },
  })
  registry.use(otelTracing({ tracer: tracing.tracer, ...options }))
  registry.register({
    ...tool('shell'),
    async execute(_args, exec) {
      exec.reportProgress({ progress: 1, total: 4, message: 'building', content: [text('…')] })
      exec.reportProgress({})
      return [text('ok')]
    },
  })
  registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
  return { tracing, registry }
}

describe('the toolpipe.approval event and SPEC §12.3', () => {
  it.each(['allowed-always', 'rejected-always'] as const)(
    'records %s as its kind, and the remembered answer of the next call as remembered',
    async (kind) => {
      const { tracing, registry } = traced([{ kind }])
      await registry.execute(callInput('shell', {}, { agent: alice }))
      await registry.execute(callInput('shell', {}, { agent: alice }))
      const [first, second] = tracing.spans()
      expect(first!.events.find((event) => event.name === 'toolpipe.approval')?.attributes).toEqual(
        {
          'toolpipe.approval.outcome': kind,
          'toolpipe.approval.duration_ms': expect.any(Number) as number,
        },
      )
      expect(
        second!.events.find((event) => event.name === 'toolpipe.approval')?.attributes,
      ).toEqual({
        'toolpipe.approval.outcome': kind,
        'toolpipe.approval.duration_ms': 0,
        'toolpipe.approval.remembered': true,
      })
    },
  )

  it('marks edited arguments; records the edit itself only with recordArguments', async () => {
    for (const recordArguments of [false, true]) {
      const { tracing, registry } = traced(
        [{ kind: 'allowed-once', arguments: { command: 'ls' } }],
        { recordArguments },
      )
      await registry.execute(callInput('shell', { command: 'rm -rf /' }, { agent: alice }))
      const event = tracing.spans()[0]!.events.find((e) => e.name === 'toolpipe.approval')
      expect(event?.attributes).toEqual({
        'toolpipe.approval.outcome': 'allowed-once',
        'toolpipe.approval.duration_ms': expect.any(Number) as number,
        'toolpipe.approval.arguments_edited': true,
        ...(recordArguments ? { 'gen_ai.tool.call.arguments': '{"command":"ls"}' } : {}),
      })
    }
  })
})

describe('the toolpipe.progress event (SPEC §12.2)', () => {
  it('one event per report: the numbers always, the message only with recordResults', async () => {
    for (const recordResults of [false, true]) {
      const { tracing, registry } = traced([{ kind: 'allowed-once' }], { recordResults })
      await registry.execute(callInput('shell', {}, { agent: alice }))
      const progress = tracing.spans()[0]!.events.filter((e) => e.name === 'toolpipe.progress')
      expect(progress.map((event) => event.attributes)).toEqual([
        {
          'toolpipe.progress.progress': 1,
          'toolpipe.progress.total': 4,
          ...(recordResults ? { 'toolpipe.progress.message': 'building' } : {}),
        },
        {},
      ])
    }
  })
})
