import { describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { alice, text, tool } from './__fixtures__/tools.js'
import type { ApprovalRequest } from './approval.js'
import type { ShownValueFilter } from './provided-values.js'
import type { ToolDecision } from './tool-decision.js'
import type { ToolExecutionResult } from './tool-execution.js'
import { createToolRegistry } from './tool-registry.js'

// SPEC §25: a reason a policy, hook or guard writes reaches the model (the denied result), the
// post-execute listeners, the observers, a person (the approval request) and the audit log (the
// decision record): the `tools/shown` filters clean it once, where the pipeline reads it.

const hide: ShownValueFilter = (value) =>
  JSON.parse(JSON.stringify(value).replaceAll('hunter2', '[hidden]')) as typeof value

/** A registry with `hide` provided, and everything after a call that could see a reason. */
function watched(filter: ShownValueFilter = hide) {
  const requests: ApprovalRequest[] = []
  const warnings: string[] = []
  const registry = createToolRegistry({
    logger: { warn: (message: string) => warnings.push(message) },
    approval: {
      request: async (request) => {
        requests.push(request)
        return { kind: 'allowed-once' }
      },
    },
  })
  registry.register(tool('shell', () => [text('ran')]))
  registry.provide('tools/shown', filter)
  const decisions: ToolDecision[] = []
  const observed: ToolExecutionResult[] = []
  const reviewed: ToolExecutionResult[] = []
  registry.on('tools/decision', (_exec, decision) => {
    decisions.push(decision)
  })
  registry.on('tools/result', (_exec, result) => {
    observed.push(result)
  })
  registry.on('tools/post-execute', (_exec, result) => {
    reviewed.push(result)
    return { kind: 'accept' }
  })
  const call = () => registry.execute(callInput('shell', {}, { agent: alice }))
  return { registry, requests, warnings, decisions, observed, reviewed, call }
}

const denied = (reason: string) => [text(`Error: ${reason}`)]

describe('§25 reasons pass through the tools/shown filters', () => {
  it('a pre-execute denial: the result, post-execute, observers and the record', async () => {
    const { registry, decisions, observed, reviewed, call } = watched()
    registry.on('tools/pre-execute', () => ({ kind: 'deny', reason: 'env says hunter2' }))
    const result = await call()
    expect(result.content).toEqual(denied('env says [hidden]'))
    expect(result.isError && result.error.code).toBe('POLICY_DENIED')
    expect(reviewed[0]?.content).toEqual(denied('env says [hidden]'))
    expect(observed).toEqual([result])
    expect(decisions).toEqual([
      {
        stage: 'policy',
        outcome: 'deny',
        source: { kind: 'pre-execute' },
        reason: 'env says [hidden]',
      },
    ])
  })

  it('an ask: the approval request’s reason and the record', async () => {
    const { registry, requests, decisions, call } = watched()
    registry.on('tools/pre-execute', () => ({ kind: 'ask', reason: 'it sends hunter2' }))
    expect((await call()).content).toEqual([text('ran')])
    expect(requests[0]?.reason).toBe('it sends [hidden]')
    expect(decisions[0]).toEqual({
      stage: 'policy',
      outcome: 'ask',
      source: { kind: 'pre-execute' },
      reason: 'it sends [hidden]',
    })
  })

  it('an ask nobody can answer: the result and the warning', async () => {
    const warnings: string[] = []
    const registry = createToolRegistry({
      logger: { warn: (message: string) => warnings.push(message) },
    })
    registry.register(tool('shell', () => [text('ran')]))
    registry.provide('tools/shown', hide)
    registry.on('tools/pre-execute', () => ({ kind: 'ask', reason: 'it sends hunter2' }))
    const result = await registry.execute(callInput('shell'))
    expect(JSON.stringify(result)).toContain('it sends [hidden]')
    expect(JSON.stringify([result, warnings])).not.toContain('hunter2')
  })

  it('a guard’s denial: the result, post-execute, observers and the record', async () => {
    const { registry, decisions, observed, reviewed, call } = watched()
    registry.guard(function noSecrets() {
      return 'the command holds hunter2'
    })
    const result = await call()
    expect(result.content).toEqual(denied('the command holds [hidden]'))
    expect(result.isError && result.error.code).toBe('GUARD_DENIED')
    expect(reviewed[0]?.content).toEqual(result.content)
    expect(observed).toEqual([result])
    expect(decisions).toEqual([
      {
        stage: 'guard',
        outcome: 'deny',
        source: { kind: 'guard', id: 'noSecrets' },
        reason: 'the command holds [hidden]',
      },
    ])
  })

  it('a plugin’s own record (reportDecision)', async () => {
    const { registry, decisions, call } = watched()
    registry.on('tools/pre-execute', (exec, next) => {
      registry.reportDecision(exec, {
        stage: 'hook',
        outcome: 'allow',
        source: { kind: 'hook' },
        reason: 'the hook printed hunter2',
      })
      return next()
    })
    await call()
    expect(decisions).toEqual([
      {
        stage: 'hook',
        outcome: 'allow',
        source: { kind: 'hook' },
        reason: 'the hook printed [hidden]',
      },
    ])
  })

  it('a filter that fails: the denial fails closed, a record keeps no reason', async () => {
    const broken: ShownValueFilter = (value) => {
      if (typeof value === 'string' && value.includes('hunter2')) throw new Error('filter broke')
      return value
    }
    const { registry, decisions, observed, warnings, call } = watched(broken)
    registry.on('tools/pre-execute', (exec) => {
      registry.reportDecision(exec, {
        stage: 'hook',
        outcome: 'deny',
        source: { kind: 'hook' },
        reason: 'hunter2',
      })
      return { kind: 'deny', reason: 'env says hunter2' }
    })
    const result = await call()
    expect(result.isError && result.error.code).toBe('LISTENER_FAILED')
    expect(JSON.stringify([result, observed, decisions])).not.toContain('hunter2')
    expect(decisions).toEqual([{ stage: 'hook', outcome: 'deny', source: { kind: 'hook' } }])
    expect(warnings).toContainEqual(
      expect.stringMatching(/a tools\/shown filter failed on a decision reason of call/),
    )
  })

  it('a filter that leaves no text: the reason is withheld', async () => {
    const { registry, call } = watched((value) => (typeof value === 'string' ? 7 : value) as never)
    registry.on('tools/pre-execute', () => ({ kind: 'deny', reason: 'env says hunter2' }))
    expect((await call()).content).toEqual(denied('[reason withheld]'))
  })
})
