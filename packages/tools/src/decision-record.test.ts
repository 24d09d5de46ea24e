import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { agent, alice, recordingLogger, text, tool } from './__fixtures__/tools.js'
import type { ApprovalOutcome, ApprovalService } from './approval.js'
import { createToolRegistry } from './tool-registry.js'
import { recorded } from './__fixtures__/decision-record.js'

/**
 * SPEC §18.5: every stage that decided or changed something in a call is on the record, in
 * order, through `tools/decision`; plugins add theirs with `registry.reportDecision`.
 */

function approving(outcome: ApprovalOutcome): ApprovalService {
  return { request: () => Promise.resolve(outcome) }
}

describe('the pipeline records its own stages', () => {
  it('a call nobody decided on has no record', async () => {
    const { registry, decisions } = recorded()
    registry.on('tools/pre-execute', () => ({ kind: 'allow' }))
    registry.guard(() => undefined)
    registry.on('tools/post-execute', () => ({ kind: 'accept' }))
    await registry.execute(callInput('shell'))
    expect(decisions).toEqual([])
  })

  it('policy deny, with the reason', async () => {
    const { registry, decisions } = recorded()
    registry.on('tools/pre-execute', () => ({ kind: 'deny', reason: 'no shell', code: 'RULE_X' }))
    await registry.execute(callInput('shell'))
    expect(decisions).toEqual([
      { stage: 'policy', outcome: 'deny', source: { kind: 'pre-execute' }, reason: 'no shell' },
    ])
    expect(Object.isFrozen(decisions[0])).toBe(true)
    expect(Object.isFrozen(decisions[0]!.source)).toBe(true)
  })

  it('an edit, then an ask, then the approval, in that order', async () => {
    const { registry, decisions } = recorded({ approval: approving({ kind: 'allowed-once' }) })
    registry.on('tools/pre-execute', () => ({ kind: 'ask', reason: 'sure?', arguments: {} }))
    await registry.execute(callInput('shell', { x: 1 }, { agent: alice }))
    expect(decisions).toEqual([
      { stage: 'policy', outcome: 'edit', source: { kind: 'pre-execute' } },
      { stage: 'policy', outcome: 'ask', source: { kind: 'pre-execute' }, reason: 'sure?' },
      { stage: 'approval', outcome: 'allow', source: { kind: 'approval', id: 'allowed-once' } },
    ])
  })

  it.each([
    [{ kind: 'rejected', reason: 'not now' }, 'deny', 'not now'],
    [{ kind: 'rejected-always' }, 'deny', undefined],
    [{ kind: 'cancelled' }, 'deny', undefined],
    [{ kind: 'unavailable' }, 'deny', undefined],
    [{ kind: 'allowed-always' }, 'allow', undefined],
    [{ kind: 'allowed-once', arguments: {} }, 'edit', undefined],
  ] as const)('approval %o is recorded as %s', async (outcome, expected, reason) => {
    const { registry, decisions } = recorded({ approval: approving(outcome) })
    registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
    await registry.execute(callInput('shell', {}, { agent: alice }))
    expect(decisions[1]).toEqual({
      stage: 'approval',
      outcome: expected,
      source: { kind: 'approval', id: outcome.kind },
      ...(reason === undefined ? {} : { reason }),
    })
  })

  it('an answer from the scope’s memory names the memory', async () => {
    const { registry, decisions } = recorded({ approval: approving({ kind: 'allowed-always' }) })
    registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
    await registry.execute(callInput('shell', {}, { agent: alice }))
    await registry.execute(callInput('shell', {}, { agent: alice }))
    expect(decisions.at(-1)).toEqual({
      stage: 'approval',
      outcome: 'allow',
      source: { kind: 'approval-memory', id: 'allowed-always' },
    })
  })

  it('an ask nobody can answer, and an approval service that fails, are denials', async () => {
    const { registry, decisions } = recorded()
    registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
    await registry.execute(callInput('shell', {}, { agent: alice }))
    expect(decisions[1]).toMatchObject({
      stage: 'approval',
      outcome: 'deny',
      source: { kind: 'approval', id: 'unavailable' },
    })
    const failing = recorded({ approval: { request: () => Promise.reject(new Error('down')) } })
    failing.registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
    await failing.registry.execute(callInput('shell', {}, { agent: alice }))
    expect(failing.decisions[1]).toEqual({
      stage: 'approval',
      outcome: 'deny',
      source: { kind: 'approval', id: 'LISTENER_FAILED' },
    })
  })

  it('a guard’s denial names the guard by its function name', async () => {
    const { registry, decisions } = recorded()
    registry.guard(function sandboxGuard() {
      return 'outside the sandbox'
    })
    await registry.execute(callInput('shell'))
    expect(decisions).toEqual([
      {
        stage: 'guard',
        outcome: 'deny',
        source: { kind: 'guard', id: 'sandboxGuard' },
        reason: 'outside the sandbox',
      },
    ])
    const anonymous = recorded()
    anonymous.registry.guard(
      (
        () => () =>
          'no'
      )(),
    )
    await anonymous.registry.execute(callInput('shell'))
    expect(anonymous.decisions[0]!.source).toEqual({ kind: 'guard' })
  })

  it('a post-execute block and a content replacement', async () => {
    const { registry, decisions } = recorded()
    registry.on('tools/post-execute', () => ({ kind: 'block', feedback: [text('secret')] }))
    await registry.execute(callInput('shell'))
    const edited = recorded()
    edited.registry.on('tools/post-execute', () => ({ kind: 'accept', content: [text('cut')] }))
    await edited.registry.execute(callInput('shell'))
    expect(decisions).toEqual([
      { stage: 'post', outcome: 'block', source: { kind: 'post-execute' } },
    ])
    expect(edited.decisions).toEqual([
      { stage: 'post', outcome: 'edit', source: { kind: 'post-execute' } },
    ])
  })

  it('a call of a tool its scope cannot see: restriction or visibility filter', async () => {
    const { registry, decisions } = recorded()
    registry.register(tool('read'))
    registry.restrict(alice, { deny: ['shell'] })
    registry.hide((name) => name === 'read')
    await registry.execute(callInput('shell', {}, { agent: alice }))
    await registry.execute(callInput('read', {}, { agent: alice }))
    await registry.execute(callInput('nowhere', {}, { agent: alice }))
    expect(decisions).toEqual([
      {
        stage: 'restriction',
        outcome: 'deny',
        source: { kind: 'restriction' },
        reason: 'unknown tool "shell"',
      },
      {
        stage: 'restriction',
        outcome: 'deny',
        source: { kind: 'hide' },
        reason: 'unknown tool "read"',
      },
    ])
  })

  it('observers are isolated: one that throws is logged, the call and the others go on', async () => {
    const logger = recordingLogger()
    const { registry, decisions } = recorded({ logger })
    registry.on('tools/decision', () => {
      throw new Error('observer broke')
    })
    registry.on('tools/decision', () => Promise.reject(new Error('async observer broke')))
    registry.on('tools/pre-execute', () => ({ kind: 'deny', reason: 'no' }))
    const result = await registry.execute(callInput('shell'))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(result.error).toEqual({ name: 'ToolDeniedError', code: 'POLICY_DENIED' })
    expect(decisions).toHaveLength(1)
    expect(logger.warnings).toHaveLength(2)
    for (const [message] of logger.warnings) {
      expect(message).toMatch(
        /^toolpipe: a tools\/decision observer failed for call "call_\d+" of tool "shell"$/,
      )
    }
  })

  it('a scoped observer hears only its scope’s calls', async () => {
    const registry = createToolRegistry()
    registry.register(tool('shell'))
    registry.on('tools/pre-execute', () => ({ kind: 'deny', reason: 'no' }))
    const heard = vi.fn()
    registry.on('tools/decision', heard, { scope: alice })
    await registry.execute(callInput('shell'))
    await registry.execute(callInput('shell', {}, { agent: agent('bob') }))
    expect(heard).not.toHaveBeenCalled()
    await registry.execute(callInput('shell', {}, { agent: alice }))
    expect(heard).toHaveBeenCalledTimes(1)
  })
})
