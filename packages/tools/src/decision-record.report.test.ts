import { describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { recordingLogger, tool } from './__fixtures__/tools.js'
import type { ToolDecision } from './tool-decision.js'
import type { ToolExecution } from './tool-execution.js'
import { ToolPipelineError } from './tool-pipeline-error.js'
import { createToolRegistry } from './tool-registry.js'
import { ToolRegistryError } from './tool-registry-error.js'
import { recorded } from './__fixtures__/decision-record.js'

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
