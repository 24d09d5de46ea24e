import { createToolRegistry } from '@toolpipe/tools'
import type { ApprovalOutcome, ShownValueFilter } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { recordingTracing, text, tool, useAsyncHooksContext } from './__fixtures__/otel.js'
import { otelTracing } from './otel-tracing.js'

useAsyncHooksContext()

// SPEC §25: "a span attribute can carry a secret … the log should never hold": the arguments a
// span records are the ones the registry's `tools/shown` filters (`redactSecrets()`) clean.

const hide: ShownValueFilter = (value) =>
  JSON.parse(JSON.stringify(value).replaceAll('hunter2', '[hidden]')) as typeof value

function traced(filter: ShownValueFilter, outcome?: ApprovalOutcome) {
  const tracing = recordingTracing()
  const warnings: string[] = []
  const registry = createToolRegistry({
    ...(outcome === undefined ? {} : { approval: { request: async () => outcome } }),
    logger: { warn: (message) => warnings.push(message) },
  })
  registry.provide('tools/shown', filter)
  registry.use(otelTracing({ tracer: tracing.tracer, recordArguments: true, recordResults: true }))
  const ran: unknown[] = []
  registry.register({
    ...tool('login'),
    parameters: { type: 'object', properties: { password: { type: 'string' } } },
    async execute(args, exec) {
      ran.push(args)
      exec.reportProgress({ message: 'sent hunter2' })
      return [text('ok')]
    },
  })
  if (outcome !== undefined) registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
  const call = () =>
    registry.execute(callInput('login', { password: 'hunter2' }, { agent: { id: 'alice' } }))
  return { tracing, warnings, ran, call }
}

const unshown =
  /^toolpipe: otelTracing: a tools\/shown filter failed on the arguments of call "[^"]+" of tool "login"; they are left out of its span$/

describe('§25 recorded arguments go through the tools/shown filters', () => {
  it('records the cleaned arguments (and progress message); the tool runs with its own', async () => {
    const { tracing, ran, call } = traced(hide)
    expect((await call()).isError).toBe(false)
    const [span] = tracing.spans()
    expect(span!.attributes['gen_ai.tool.call.arguments']).toBe('{"password":"[hidden]"}')
    const progress = span!.events.find((event) => event.name === 'toolpipe.progress')
    expect(progress?.attributes).toEqual({ 'toolpipe.progress.message': 'sent [hidden]' })
    expect(ran).toEqual([{ password: 'hunter2' }])
  })

  it('records a person’s edit on the approval event cleaned too', async () => {
    const { tracing, call } = traced(hide, {
      kind: 'allowed-once',
      arguments: { password: 'hunter2!' },
    })
    await call()
    const event = tracing.spans()[0]!.events.find((e) => e.name === 'toolpipe.approval')
    expect(event?.attributes?.['gen_ai.tool.call.arguments']).toBe('{"password":"[hidden]!"}')
  })

  it.each<[string, ShownValueFilter]>([
    [
      'throws',
      () => {
        throw new Error('filter broke')
      },
    ],
    ['leaves no JSON', () => 1n as never],
  ])('leaves the arguments out of the span, never raw, when a filter %s', async (_, filter) => {
    const { tracing, warnings, call } = traced(filter)
    expect((await call()).isError).toBe(false)
    const [span] = tracing.spans()
    expect(span!.attributes).not.toHaveProperty('gen_ai.tool.call.arguments')
    expect(JSON.stringify(span!.attributes)).not.toContain('hunter2')
    expect(warnings.filter((warning) => unshown.test(warning))).toHaveLength(1)
  })

  it('leaves a person’s edit out of the approval event, never raw, when a filter throws on it', async () => {
    // The request a person is asked passes the filter; only the edit makes it throw.
    const onlyTheEdit: ShownValueFilter = (value) => {
      if (JSON.stringify(value).includes('hunter2!')) throw new Error('filter broke')
      return hide(value)
    }
    const { tracing, warnings, call } = traced(onlyTheEdit, {
      kind: 'allowed-once',
      arguments: { password: 'hunter2!' },
    })
    expect((await call()).isError).toBe(false)
    const event = tracing.spans()[0]!.events.find((e) => e.name === 'toolpipe.approval')
    expect(event?.attributes).toMatchObject({ 'toolpipe.approval.arguments_edited': true })
    expect(event?.attributes).not.toHaveProperty('gen_ai.tool.call.arguments')
    expect(warnings.filter((warning) => unshown.test(warning))).toHaveLength(1)
  })
})
