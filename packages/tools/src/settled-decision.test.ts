import { describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { registryWithRead } from './__fixtures__/tools.js'
import { settledDecision } from './settled-decision.js'
import type { PreToolDecision } from './tool-decisions.js'
import type { ToolDecision } from './tool-decision.js'

/**
 * `settledDecision(next())`: the inner listeners' decision, when they made it without waiting,
 * so that a listener can decide synchronously and the call waits for no promise of its.
 */

describe('settledDecision', () => {
  it('gives the default allow at once when no listener is inside', async () => {
    const registry = registryWithRead()
    const seen: (PreToolDecision | undefined)[] = []
    registry.on('tools/pre-execute', (_exec, next) => {
      const pending = next()
      const inner = settledDecision(pending)
      seen.push(inner)
      return inner ?? pending
    })
    expect((await registry.execute(callInput('read'))).isError).toBe(false)
    expect(seen).toStrictEqual([{ kind: 'allow' }])
  })

  it('gives the decision of inner listeners that returned plain values, checked and frozen', async () => {
    const registry = registryWithRead()
    let inner: PreToolDecision | undefined
    registry.on('tools/pre-execute', (_exec, next) => {
      const pending = next()
      inner = settledDecision(pending)
      return pending
    })
    registry.on('tools/pre-execute', () => ({ kind: 'deny', reason: 'inner says no' }))
    const result = await registry.execute(callInput('read'))
    expect(result).toMatchObject({ isError: true, error: { code: 'POLICY_DENIED' } })
    expect(inner).toStrictEqual({ kind: 'deny', reason: 'inner says no' })
    expect(Object.isFrozen(inner)).toBe(true)
  })

  it('is undefined while an inner listener waits, and the promise still gives the decision', async () => {
    const registry = registryWithRead()
    const seen: unknown[] = []
    registry.on('tools/pre-execute', async (_exec, next) => {
      const pending = next()
      seen.push(settledDecision(pending))
      seen.push(await pending)
      return pending
    })
    registry.on('tools/pre-execute', async (_exec, next) => {
      await Promise.resolve()
      return next()
    })
    expect((await registry.execute(callInput('read'))).isError).toBe(false)
    expect(seen).toStrictEqual([undefined, { kind: 'allow' }])
  })

  it('knows only the promise next() gave last: an earlier one, or any other promise, is undefined', async () => {
    const registry = registryWithRead()
    const seen: unknown[] = []
    registry.on('tools/pre-execute', (_exec, next) => {
      const first = next()
      const second = next()
      seen.push(settledDecision(first), settledDecision(second))
      seen.push(settledDecision(Promise.resolve({ kind: 'allow' } as const)))
      return second
    })
    await registry.execute(callInput('read'))
    expect(seen).toStrictEqual([undefined, { kind: 'allow' }, undefined])
  })

  it('lets a listener decide in the call’s own stack: its record is there before execute() returns', async () => {
    const registry = registryWithRead()
    const records: ToolDecision[] = []
    registry.on('tools/decision', (_exec, decision) => {
      records.push(decision)
    })
    const decision: ToolDecision = {
      stage: 'rule',
      outcome: 'allow',
      source: { kind: 'example', id: 'read' },
    }
    registry.on('tools/pre-execute', (exec, next) => {
      const pending = next()
      const inner = settledDecision(pending)
      if (inner === undefined) return pending
      registry.reportDecision(exec, decision)
      return inner
    })
    const running = registry.execute(callInput('read'))
    // Decided synchronously: no microtask turn has run yet.
    expect(records).toStrictEqual([decision])
    expect((await running).isError).toBe(false)
  })
})
