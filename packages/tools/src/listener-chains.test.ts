import { createHook } from 'node:async_hooks'
import { describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { alice, bob, registryWithRead, text } from './__fixtures__/tools.js'
import type { PostToolDecision, PreToolDecision } from './tool-decisions.js'
import type { ToolExecutionResult } from './tool-execution.js'

/**
 * SPEC §6.3 steps 5, 8 and 9: the pre-execute, execute and post-execute chains. Each listener may
 * call `next()` for the decision below it (the default at the bottom), and a scoped listener takes
 * part only in the calls of its own agent.
 */

describe('listener chains', () => {
  it('next() at the bottom of the chain resolves to the default decision: allow, accept', async () => {
    const registry = registryWithRead()
    const pre: PreToolDecision[] = []
    const post: PostToolDecision[] = []
    registry.on('tools/pre-execute', async (_exec, next) => {
      const decision = await next()
      pre.push(decision)
      return decision
    })
    registry.on('tools/post-execute', async (_exec, _result, next) => {
      const decision = await next()
      post.push(decision)
      return decision
    })
    const result = await registry.execute(callInput('read'))
    expect(result).toEqual({ content: [text('read ran')], isError: false })
    expect(pre).toStrictEqual([{ kind: 'allow' }])
    expect(post).toStrictEqual([{ kind: 'accept' }])
  })

  it('skips another agent’s scoped listeners, and runs the call’s agent’s own', async () => {
    const registry = registryWithRead()
    const ran: string[] = []
    for (const [who, scope] of [
      ['bob', bob],
      ['alice', alice],
    ] as const) {
      registry.on(
        'tools/pre-execute',
        (_exec, next) => {
          ran.push(`pre ${who}`)
          return next()
        },
        { scope },
      )
      registry.on(
        'tools/execute',
        (_exec, next) => {
          ran.push(`execute ${who}`)
          return next()
        },
        { scope },
      )
      registry.on(
        'tools/post-execute',
        (_exec, _result, next) => {
          ran.push(`post ${who}`)
          return next()
        },
        { scope },
      )
    }
    expect((await registry.execute(callInput('read', {}, { agent: alice }))).isError).toBe(false)
    expect(ran).toEqual(['pre alice', 'execute alice', 'post alice'])
    ran.length = 0
    // With a global listener in front, bob's scoped ones are still skipped in alice's calls.
    registry.on('tools/pre-execute', (_exec, next) => next(), { prepend: true })
    registry.on('tools/post-execute', (_exec, _result, next) => next(), { prepend: true })
    registry.on('tools/execute', (_exec, next) => next(), { prepend: true })
    await registry.execute(callInput('read', {}, { agent: alice }))
    expect(ran).toEqual(['pre alice', 'execute alice', 'post alice'])
    ran.length = 0
    await registry.execute(callInput('read'))
    expect(ran).toEqual([])
  })

  it('a wrapper that returns nothing fails the call with INVALID_DECISION', async () => {
    const registry = registryWithRead()
    registry.on('tools/execute', () => undefined as never)
    const result = await registry.execute(callInput('read'))
    expect(result.error).toEqual({ name: 'ToolPipelineError', code: 'INVALID_DECISION' })
  })

  it('a block without context has no additionalContext member', async () => {
    const registry = registryWithRead()
    registry.on('tools/post-execute', () => ({ kind: 'block', feedback: [text('not now')] }))
    const result = await registry.execute(callInput('read'))
    expect(result).toStrictEqual({
      content: [text('not now')],
      isError: true,
      error: { name: 'ToolBlockedError', code: 'POST_BLOCKED' },
    })
  })
})

describe('innermost listeners', () => {
  it('wrap the tool inside every other wrapper, whenever those are added, and see its result first', async () => {
    const registry = registryWithRead()
    const ran: string[] = []
    const wrapper =
      (who: string) => async (_exec: unknown, next: () => Promise<ToolExecutionResult>) => {
        ran.push(`${who} in`)
        const result = await next()
        ran.push(`${who} out`)
        return who === 'redact' ? { ...result, content: [text('redacted')] } : result
      }
    registry.on('tools/execute', wrapper('redact'), { innermost: true })
    let seen: unknown
    registry.on('tools/execute', async (_exec, next) => {
      const result = await next()
      seen = result.content
      ran.push('budget')
      return result
    })
    registry.on('tools/execute', wrapper('outer'), { prepend: true })
    const result = await registry.execute(callInput('read'))
    expect(ran).toEqual(['outer in', 'redact in', 'redact out', 'budget', 'outer out'])
    expect(seen).toEqual([text('redacted')])
    expect(result.content).toEqual([text('redacted')])
  })

  it('are refused with prepend: one listener has one place', () => {
    const registry = registryWithRead()
    expect(() =>
      registry.on('tools/execute', (_exec, next) => next(), { prepend: true, innermost: true }),
    ).toThrow(expect.objectContaining({ code: 'INVALID_LISTENER' }))
    expect(() =>
      registry
        .scope(alice)
        .on('tools/execute', (_exec, next) => next(), { prepend: true, innermost: true }),
    ).toThrow(/either prepended \(outermost\) or innermost/u)
  })
})

describe('listener order after a failed batch', () => {
  it('a prepended listener removed in a failed batch comes back first', async () => {
    const registry = registryWithRead()
    const order: string[] = []
    registry.on('tools/result', () => void order.push('second'))
    const removeFirst = registry.on('tools/result', () => void order.push('first'), {
      prepend: true,
    })
    registry.on('tools/result', () => void order.push('third'))
    expect(() =>
      registry.batch(() => {
        removeFirst()
        throw new Error('abandon the batch')
      }),
    ).toThrow('abandon the batch')
    await registry.execute(callInput('read'))
    expect(order).toEqual(['first', 'second', 'third'])
  })

  it('hands each call its own promise from next(), which a listener may pass on, also under async hooks', async () => {
    // Node 22 tracks a promise's async id in a property of the promise itself while any async
    // hook is enabled (AsyncLocalStorage on Node 22 enables one): a promise shared between
    // calls, frozen so that no listener could change it for the others, made that throw.
    const hook = createHook({ init: () => undefined }).enable()
    try {
      const registry = registryWithRead()
      const given: Promise<PreToolDecision>[] = []
      registry.on('tools/pre-execute', (_exec, next) => {
        const promise = next()
        given.push(promise)
        return promise
      })
      for (let index = 0; index < 2; index++) {
        expect(await registry.execute(callInput('read'))).toEqual({
          content: [text('read ran')],
          isError: false,
        })
      }
      expect(given).toHaveLength(2)
      expect(given[0]).not.toBe(given[1])
      for (const promise of given) expect(Object.isExtensible(promise)).toBe(true)
    } finally {
      hook.disable()
    }
  })
})
