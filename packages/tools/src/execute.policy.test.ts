import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { agent, text, tool } from './__fixtures__/tools.js'
import type { PostToolDecision, PreToolDecision } from './tool-decisions.js'
import type { ToolExecution, ToolExecutionResult } from './tool-execution.js'
import { createToolRegistry } from './tool-registry.js'

describe('step 5: tools/pre-execute', () => {
  it('allows by default', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    expect(await registry.execute(callInput('read'))).toEqual({
      content: [text('read ran')],
      isError: false,
    })
  })

  it('denies with the listener’s reason; the tool does not run, post-execute still does', async () => {
    const registry = createToolRegistry()
    const body = vi.fn(() => [])
    registry.register(tool('shell', body))
    registry.on('tools/pre-execute', () => ({ kind: 'deny', reason: 'shell is off' }))
    const post = vi.fn(
      (_exec: ToolExecution, _result: ToolExecutionResult, next: () => Promise<PostToolDecision>) =>
        next(),
    )
    registry.on('tools/post-execute', post)
    const wrapper = vi.fn()
    registry.on('tools/execute', wrapper)
    const result = await registry.execute(callInput('shell'))
    expect(result).toEqual({
      content: [text('Error: shell is off')],
      isError: true,
      error: { name: 'ToolDeniedError', code: 'POLICY_DENIED' },
    })
    expect(body).not.toHaveBeenCalled()
    expect(wrapper).not.toHaveBeenCalled()
    expect(post).toHaveBeenCalledTimes(1)
    expect(post.mock.calls[0]![1]).toEqual(result)
  })

  it('is not monotonic: an outer listener overrules an inner deny', async () => {
    const registry = createToolRegistry()
    registry.register(tool('shell'))
    registry.on('tools/pre-execute', async (_exec, next) => {
      const inner = await next()
      return inner.kind === 'deny' ? { kind: 'allow' } : inner
    })
    registry.on('tools/pre-execute', () => ({ kind: 'deny', reason: 'inner says no' }))
    expect((await registry.execute(callInput('shell'))).isError).toBe(false)
  })

  it('turns a malformed decision into an error result naming the listener', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    registry.on('tools/pre-execute', () => ({ kind: 'deny' }) as unknown as PreToolDecision)
    const result = await registry.execute(callInput('read'))
    expect(result.isError).toBe(true)
    expect(result.error).toEqual({ name: 'ToolPipelineError', code: 'INVALID_DECISION' })
    expect((result.content[0] as { text: string }).text).toBe(
      "Error: a tools/pre-execute listener returned an object with keys [\"kind\"]; expected { kind: 'allow', arguments? } | { kind: 'deny', reason, code? } | { kind: 'ask', reason?, arguments?, remember? }",
    )
  })
})

describe('step 7: guards', () => {
  it('run global guards in registration order, then the scope’s; the first reason denies', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    const alice = agent('alice')
    const order: string[] = []
    registry.guard(() => (order.push('scoped first'), undefined), { scope: alice })
    registry.guard(() => (order.push('global 1'), undefined))
    registry.guard(() => (order.push('global 2'), 'global 2 says no'))
    registry.guard(() => (order.push('global 3'), 'never reached'))
    const result = await registry.execute(callInput('read', {}, { agent: alice }))
    expect(order).toEqual(['global 1', 'global 2'])
    expect(result.content).toEqual([text('Error: global 2 says no')])

    const scopedOnly = createToolRegistry()
    scopedOnly.register(tool('read'))
    scopedOnly.guard(() => undefined)
    scopedOnly.guard(() => 'scope says no', { scope: alice })
    expect((await scopedOnly.execute(callInput('read', {}, { agent: alice }))).content).toEqual([
      text('Error: scope says no'),
    ])
    expect((await scopedOnly.execute(callInput('read', {}, { agent: agent('bob') }))).isError).toBe(
      false,
    )
  })

  it('can only narrow: no pre-execute listener can undo a guard', async () => {
    const registry = createToolRegistry()
    const body = vi.fn(() => [])
    registry.register(tool('shell', body))
    registry.guard(() => 'guarded')
    registry.on('tools/pre-execute', () => ({ kind: 'allow' }), { prepend: true })
    registry.on('tools/execute', (exec, next) => next())
    const result = await registry.execute(callInput('shell'))
    expect(result.content).toEqual([text('Error: guarded')])
    expect(body).not.toHaveBeenCalled()
  })

  it('do not run when the waterfall already denied', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    const guard = vi.fn(() => undefined)
    registry.guard(guard)
    registry.on('tools/pre-execute', () => ({ kind: 'deny', reason: 'no' }))
    await registry.execute(callInput('read'))
    expect(guard).not.toHaveBeenCalled()
  })

  it('receive the execution, and a guard returning something else fails the call closed', async () => {
    const registry = createToolRegistry()
    const body = vi.fn(() => [])
    registry.register(tool('read', body))
    let seen: Readonly<ToolExecution> | undefined
    registry.guard((exec) => {
      seen = exec
      return Promise.resolve('async guards are not supported') as never
    })
    const result = await registry.execute(callInput('read', { path: 'a' }))
    expect(seen?.arguments).toEqual({ path: 'a' })
    expect(result.error).toEqual({ name: 'ToolPipelineError', code: 'INVALID_GUARD_RESULT' })
    expect(body).not.toHaveBeenCalled()
  })
})
