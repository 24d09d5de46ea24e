import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { agent, recordingLogger, text, tool } from './__fixtures__/tools.js'
import type { ApprovalOutcome, ApprovalService } from './approval.js'
import type { ToolDecision } from './tool-decision.js'
import type { ToolExecution } from './tool-execution.js'
import { ToolPipelineError } from './tool-pipeline-error.js'
import { createToolRegistry } from './tool-registry.js'
import type { ToolRegistryOptions } from './tool-registry-options.js'
import { ToolRegistryError } from './tool-registry-error.js'

/**
 * SPEC §18.5: every stage that decided or changed something in a call is on the record, in
 * order, through `tools/decision`; plugins add theirs with `registry.reportDecision`.
 */

const alice = agent('alice')

function recorded(options: ToolRegistryOptions = {}) {
  const registry = createToolRegistry(options)
  registry.register(tool('shell'))
  const decisions: ToolDecision[] = []
  const execs: unknown[] = []
  registry.on('tools/decision', (exec, decision) => {
    execs.push(exec)
    decisions.push(decision)
  })
  return { registry, decisions, execs }
}

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

describe('registry.reportDecision', () => {
  function reporting(decision: unknown) {
    const { registry, decisions, execs } = recorded()
    let thrown: unknown
    registry.on('tools/pre-execute', (exec, next) => {
      try {
        registry.reportDecision(exec, decision as ToolDecision)
      } catch (error) {
        thrown = error
      }
      return next()
    })
    return { registry, decisions, execs, thrown: () => thrown }
  }

  it('tells the observers a frozen copy, in order with the pipeline’s own entries, with the call', async () => {
    const source = { kind: 'permissions', id: 'Bash(rm *)', path: '.toolpipe/settings.json' }
    const decision = { stage: 'rule', outcome: 'deny', source, reason: 'rm', extra: 'dropped' }
    const { registry, decisions, execs } = reporting(decision)
    registry.on('tools/pre-execute', () => ({ kind: 'deny', reason: 'rule says no' }))
    await registry.execute(callInput('shell'))
    expect(decisions).toEqual([
      { stage: 'rule', outcome: 'deny', source, reason: 'rm' },
      { stage: 'policy', outcome: 'deny', source: { kind: 'pre-execute' }, reason: 'rule says no' },
    ])
    expect(decisions[0]).not.toBe(decision)
    expect(decisions[0]!.source).not.toBe(source)
    expect(Object.isFrozen(decisions[0])).toBe(true)
    expect(execs[0]).toBe(execs[1])
  })

  it.each([
    ['not an object', 5, 'a reported decision must be an object, got 5'],
    [
      'an unknown stage',
      { stage: 'vibes', outcome: 'deny', source: { kind: 'x' } },
      'a reported decision\'s stage must be one of "restriction", "rule", "policy", "hook", "guard", "approval", "post", got "vibes"',
    ],
    [
      'an unknown outcome',
      { stage: 'rule', outcome: 'maybe', source: { kind: 'x' } },
      'a reported decision\'s outcome must be one of "allow", "ask", "deny", "edit", "block", got "maybe"',
    ],
    [
      'a source without a kind',
      { stage: 'rule', outcome: 'deny', source: { id: 'x' } },
      'a reported decision\'s source must be { kind: string, id?: string, path?: string }, got an object with keys ["id"]',
    ],
    [
      'a source id that is not a string',
      { stage: 'rule', outcome: 'deny', source: { kind: 'x', id: 3 } },
      "a reported decision's source.id must be a string when present, got 3",
    ],
    [
      'a reason that is not a string',
      { stage: 'rule', outcome: 'deny', source: { kind: 'x' }, reason: ['x'] },
      "a reported decision's reason must be a string when present, got an array",
    ],
  ])('refuses %s, naming the member (INVALID_DECISION)', async (_label, decision, message) => {
    const { registry, decisions, thrown } = reporting(decision)
    await registry.execute(callInput('shell'))
    expect(thrown()).toBeInstanceOf(ToolPipelineError)
    expect(thrown()).toMatchObject({ code: 'INVALID_DECISION', message })
    expect(decisions).toEqual([])
  })

  it.each([
    ['not an object', null, 'a reported decision must be an object, got null'],
    [
      'a source path that is not a string',
      { stage: 'rule', outcome: 'deny', source: { kind: 'x', path: 1 } },
      "a reported decision's source.path must be a string when present, got 1",
    ],
    [
      'an unknown stage',
      { stage: 'vibes', outcome: 'deny', source: { kind: 'x' } },
      'a reported decision\'s stage must be one of "restriction", "rule", "policy", "hook", "guard", "approval", "post", got "vibes"',
    ],
  ])(
    'refuses %s even when nobody observes decisions (no copy is made then)',
    async (_label, decision, message) => {
      const registry = createToolRegistry()
      registry.register(tool('shell'))
      let thrown: unknown
      let reported = 0
      registry.on('tools/pre-execute', (exec, next) => {
        try {
          registry.reportDecision(exec, decision as ToolDecision)
          reported++
        } catch (error) {
          thrown = error
        }
        return next()
      })
      await registry.execute(callInput('shell'))
      expect(reported).toBe(0)
      expect(thrown).toBeInstanceOf(ToolPipelineError)
      expect(thrown).toMatchObject({ code: 'INVALID_DECISION', message })
    },
  )

  it('reads each member once when nobody observes decisions', async () => {
    const registry = createToolRegistry()
    registry.register(tool('shell'))
    const reads: string[] = []
    const source = new Proxy(
      { kind: 'permissions', id: 'read_file', path: '/p/settings.json' },
      {
        get(target, key, receiver) {
          reads.push(`source.${String(key)}`)
          return Reflect.get(target, key, receiver) as unknown
        },
      },
    )
    const decision = new Proxy(
      { stage: 'rule', outcome: 'allow', source, reason: 'ok' },
      {
        get(target, key, receiver) {
          reads.push(String(key))
          return Reflect.get(target, key, receiver) as unknown
        },
      },
    )
    registry.on('tools/pre-execute', (exec, next) => {
      registry.reportDecision(exec, decision as ToolDecision)
      return next()
    })
    await registry.execute(callInput('shell'))
    expect(reads).toEqual([
      'stage',
      'outcome',
      'source',
      'reason',
      'source.kind',
      'source.id',
      'source.path',
    ])
  })

  it('copies a source with a path and no id as it is', async () => {
    const { registry, decisions } = reporting({
      stage: 'hook',
      outcome: 'allow',
      source: { kind: 'hook', path: '/p/hook.sh' },
    })
    await registry.execute(callInput('shell'))
    expect(decisions).toEqual([
      { stage: 'hook', outcome: 'allow', source: { kind: 'hook', path: '/p/hook.sh' } },
    ])
    expect(Object.isFrozen(decisions[0]!.source)).toBe(true)
  })

  it('reads a hostile decision once and refuses a throwing getter', async () => {
    const hostile = {
      stage: 'rule',
      outcome: 'deny',
      get source() {
        throw new Error('boom')
      },
    }
    const { registry, thrown } = reporting(hostile)
    await registry.execute(callInput('shell'))
    expect(thrown()).toMatchObject({ code: 'INVALID_DECISION' })
  })

  it('refuses an execution the pipeline did not make (INVALID_EVENT)', () => {
    const { registry } = recorded()
    const fake = { callId: 'c', name: 'shell', arguments: {} } as unknown as ToolExecution
    let thrown: unknown
    try {
      registry.reportDecision(fake, { stage: 'rule', outcome: 'deny', source: { kind: 'x' } })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(ToolRegistryError)
    expect(thrown).toMatchObject({
      code: 'INVALID_EVENT',
      message:
        'reportDecision takes the execution the pipeline handed to your listener, not a copy of it',
    })
  })

  it('drops (and logs) a decision reported after the call settled', async () => {
    const logger = recordingLogger()
    const { registry, decisions } = recorded({ logger })
    let kept: ToolExecution | undefined
    registry.on('tools/start', (exec) => {
      kept = exec as ToolExecution
    })
    await registry.execute(callInput('shell'))
    registry.reportDecision(kept!, { stage: 'post', outcome: 'edit', source: { kind: 'late' } })
    expect(decisions).toEqual([])
    expect(logger.warnings[0]?.[0]).toMatch(
      /reported after call "call_\d+" of tool "shell" settled/,
    )
  })
})
