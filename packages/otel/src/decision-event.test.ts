import { createToolRegistry } from '@toolpipe/tools'
import type { ApprovalService } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { recordingTracing, tool, useAsyncHooksContext } from './__fixtures__/otel.js'
import { otelTracing } from './otel-tracing.js'

useAsyncHooksContext()

/** SPEC §18.5: each entry of a call's decision record is a `toolpipe.decision` span event. */

const alice = { id: 'alice' }

function traced(options: { recordArguments?: boolean; approval?: ApprovalService } = {}) {
  const tracing = recordingTracing()
  const registry = createToolRegistry({
    ...(options.approval === undefined ? {} : { approval: options.approval }),
    logger: { warn: () => undefined },
  })
  registry.use(
    otelTracing({
      tracer: tracing.tracer,
      ...(options.recordArguments === undefined
        ? {}
        : { recordArguments: options.recordArguments }),
    }),
  )
  registry.register(tool('shell'))
  return { tracing, registry }
}

function decisionEvents(tracing: ReturnType<typeof recordingTracing>) {
  return tracing
    .span('execute_tool shell')
    .events.filter((event) => event.name === 'toolpipe.decision')
    .map((event) => event.attributes)
}

describe('the toolpipe.decision event', () => {
  it('records a plugin’s rule and the pipeline’s stages, in order, without reasons by default', async () => {
    const { tracing, registry } = traced()
    registry.on('tools/pre-execute', (exec) => {
      registry.reportDecision(exec, {
        stage: 'rule',
        outcome: 'deny',
        source: { kind: 'permissions', id: 'Bash(rm *)', path: '.toolpipe/settings.json' },
        reason: 'rm -rf /',
      })
      return { kind: 'deny', reason: 'denied by rule "Bash(rm *)"' }
    })
    await registry.execute(callInput('shell'))
    expect(decisionEvents(tracing)).toEqual([
      {
        'toolpipe.decision.stage': 'rule',
        'toolpipe.decision.outcome': 'deny',
        'toolpipe.decision.source.kind': 'permissions',
        'toolpipe.decision.source.id': 'Bash(rm *)',
        'toolpipe.decision.source.path': '.toolpipe/settings.json',
      },
      {
        'toolpipe.decision.stage': 'policy',
        'toolpipe.decision.outcome': 'deny',
        'toolpipe.decision.source.kind': 'pre-execute',
      },
    ])
  })

  it('records the reason with recordArguments', async () => {
    const { tracing, registry } = traced({ recordArguments: true })
    registry.guard(function workspace() {
      return 'outside the workspace: /etc/passwd'
    })
    await registry.execute(callInput('shell'))
    expect(decisionEvents(tracing)).toEqual([
      {
        'toolpipe.decision.stage': 'guard',
        'toolpipe.decision.outcome': 'deny',
        'toolpipe.decision.source.kind': 'guard',
        'toolpipe.decision.source.id': 'workspace',
        'toolpipe.decision.reason': 'outside the workspace: /etc/passwd',
      },
    ])
  })

  it('records an ask and its approval beside the toolpipe.approval event', async () => {
    const { tracing, registry } = traced({
      approval: { request: () => Promise.resolve({ kind: 'allowed-once' }) },
    })
    registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
    await registry.execute(callInput('shell', {}, { agent: alice }))
    const events = tracing.span('execute_tool shell').events.map((event) => event.name)
    expect(events).toEqual(['toolpipe.decision', 'toolpipe.approval', 'toolpipe.decision'])
    expect(decisionEvents(tracing).map((event) => event?.['toolpipe.decision.outcome'])).toEqual([
      'ask',
      'allow',
    ])
  })

  it('a call nobody decided on has no decision event', async () => {
    const { tracing, registry } = traced()
    await registry.execute(callInput('shell'))
    expect(decisionEvents(tracing)).toEqual([])
  })
})
