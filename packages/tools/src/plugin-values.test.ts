import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { alice, text, tool } from './__fixtures__/tools.js'
import type { PreToolDecision } from './tool-decisions.js'
import { createToolRegistry } from './tool-registry.js'

/**
 * A plugin's object whose members are getters that count their reads and answer from `answers`
 * in turn (the last answer repeats): what a buggy or hostile plugin can hand the pipeline.
 */
function shifty<TKey extends string>(answers: Record<TKey, readonly unknown[]>) {
  const reads: Partial<Record<TKey, number>> = {}
  const value = {} as Record<TKey, unknown>
  for (const key of Object.keys(answers) as TKey[]) {
    Object.defineProperty(value, key, {
      enumerable: true,
      get() {
        const count = (reads[key] = (reads[key] ?? 0) + 1)
        const list = answers[key]
        return list[Math.min(count, list.length) - 1]
      },
    })
  }
  return { value, reads }
}

/** A Proxy that counts every `get`, by key. */
function counted<TValue extends object>(target: TValue) {
  const reads = new Map<PropertyKey, number>()
  const proxy = new Proxy(target, {
    get(object, key, receiver) {
      reads.set(key, (reads.get(key) ?? 0) + 1)
      return Reflect.get(object, key, receiver) as unknown
    },
  })
  return { proxy, reads }
}

describe('plugin objects are read once per field', () => {
  it('a pre-execute decision that says deny, then allow, denies: the first reading is the only one', async () => {
    const registry = createToolRegistry()
    const body = vi.fn(() => [text('ran')])
    registry.register(tool('shell', body))
    const decision = shifty({ kind: ['deny', 'allow'], reason: ['no shell', undefined] })
    registry.on('tools/pre-execute', () => decision.value as never)
    expect(await registry.execute(callInput('shell'))).toEqual({
      content: [text('Error: no shell')],
      isError: true,
      error: { name: 'ToolDeniedError', code: 'POLICY_DENIED' },
    })
    expect(body).not.toHaveBeenCalled()
    expect(decision.reads).toEqual({ kind: 1, reason: 1 })
  })

  it('an outer listener sees the inner decision as read, not the plugin’s object', async () => {
    const registry = createToolRegistry()
    const body = vi.fn(() => [text('ran')])
    registry.register(tool('shell', body))
    const inner = shifty({ kind: ['deny', 'allow'], reason: ['inner says no'] })
    let seen: PreToolDecision | undefined
    registry.on('tools/pre-execute', async (_exec, next) => (seen = await next()))
    registry.on('tools/pre-execute', () => inner.value as never)
    const result = await registry.execute(callInput('shell'))
    expect({ ...inner.reads }).toEqual({ kind: 1, reason: 1 })
    expect(seen).toEqual({ kind: 'deny', reason: 'inner says no' })
    expect(seen === inner.value).toBe(false)
    expect(Object.isFrozen(seen)).toBe(true)
    expect(result.error?.code).toBe('POLICY_DENIED')
  })

  it('a decision whose getter throws is an INVALID_DECISION result, never a rejection', async () => {
    const registry = createToolRegistry()
    registry.register(tool('shell'))
    registry.on('tools/pre-execute', () => ({
      get kind(): never {
        throw new Error('getter exploded')
      },
    }))
    expect(await registry.execute(callInput('shell'))).toEqual({
      content: [
        text("Error: a tools/pre-execute listener's decision could not be read: getter exploded"),
      ],
      isError: true,
      error: { name: 'ToolPipelineError', code: 'INVALID_DECISION' },
    })
  })

  it('an approval outcome that says allowed-once, then rejected, is read once', async () => {
    const outcome = shifty({ kind: ['rejected', 'allowed-once'], reason: ['no'] })
    const registry = createToolRegistry({
      approval: { request: async () => outcome.value as never },
    })
    const body = vi.fn(() => [text('ran')])
    registry.register(tool('deploy', body))
    registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
    expect((await registry.execute(callInput('deploy', {}, { agent: alice }))).error).toEqual({
      name: 'ToolDeniedError',
      code: 'APPROVAL_REJECTED',
    })
    expect(body).not.toHaveBeenCalled()
    expect(outcome.reads).toEqual({ kind: 1, reason: 1 })
  })

  it('an approval outcome whose getter throws is INVALID_APPROVAL', async () => {
    const registry = createToolRegistry({
      approval: {
        request: async () => ({
          get kind(): never {
            throw new Error('outcome exploded')
          },
        }),
      },
    })
    registry.register(tool('deploy'))
    registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
    expect(await registry.execute(callInput('deploy', {}, { agent: alice }))).toEqual({
      content: [text("Error: the approval service's outcome could not be read: outcome exploded")],
      isError: true,
      error: { name: 'InvalidApprovalError', code: 'INVALID_APPROVAL' },
    })
  })

  it('a wrapper result that says isError true, then false, stays an error', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    const result = shifty({
      content: [[text('Error: cached failure')], [text('all good')]],
      isError: [true, false],
      error: [{ name: 'CacheError', code: 'CACHED' }, undefined],
    })
    registry.on('tools/execute', () => result.value as never)
    expect(await registry.execute(callInput('read'))).toEqual({
      content: [text('Error: cached failure')],
      isError: true,
      error: { name: 'CacheError', code: 'CACHED' },
    })
    expect(result.reads).toEqual({ content: 1, isError: 1, error: 1 })
  })

  it('a post-execute decision that says block, then accept, blocks; its feedback is read once', async () => {
    const registry = createToolRegistry()
    registry.register(tool('write'))
    const decision = shifty({
      kind: ['block', 'accept'],
      feedback: [[text('not there')], 'not content'],
    })
    registry.on('tools/post-execute', () => decision.value as never)
    expect(await registry.execute(callInput('write'))).toEqual({
      content: [text('not there')],
      isError: true,
      error: { name: 'ToolBlockedError', code: 'POST_BLOCKED' },
    })
    expect(decision.reads).toEqual({ kind: 1, feedback: 1 })
  })

  it('what a tool returns is read once, content blocks included', async () => {
    const registry = createToolRegistry()
    const block = shifty({ type: ['text', 42], text: ['first reading', 'second reading'] })
    const returned = shifty({ content: [[block.value], 'not content'], meta: [{ n: 1 }, null] })
    registry.register(tool('read', () => returned.value as never))
    expect(await registry.execute(callInput('read'))).toEqual({
      content: [text('first reading')],
      isError: false,
      meta: { n: 1 },
    })
    expect(returned.reads).toEqual({ content: 1, meta: 1 })
    expect(block.reads).toEqual({ type: 1, text: 1 })
  })

  it('a Proxy decision has each member read at most once', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    const pre = counted({ kind: 'allow' })
    const post = counted({ kind: 'accept', content: [text('reviewed')] })
    const wrapped = counted({ content: [text('wrapped')], isError: false })
    registry.on('tools/pre-execute', () => pre.proxy as never)
    registry.on('tools/execute', () => wrapped.proxy as never)
    registry.on('tools/post-execute', () => post.proxy as never)
    expect(await registry.execute(callInput('read'))).toEqual({
      content: [text('reviewed')],
      isError: false,
    })
    for (const reads of [pre.reads, post.reads, wrapped.reads]) {
      for (const count of reads.values()) expect(count).toBe(1)
    }
  })
})
