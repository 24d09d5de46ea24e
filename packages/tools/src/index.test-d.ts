import type { Agent, ContentBlock } from '@toolpipe/core'
import { describe, expectTypeOf, it } from 'vitest'
import type {
  ApprovalOutcome,
  Disposer,
  PostToolDecision,
  PreToolDecision,
  ToolDefinition,
  ToolEventMap,
  ToolExecution,
  ToolExecutionResult,
  ToolRegistry,
} from './index.js'
import { createToolRegistry } from './index.js'

declare const registry: ToolRegistry
declare const agent: Agent

describe('ToolRegistry', () => {
  it('types each event’s listener', () => {
    registry.on('tools/pre-execute', async (exec, next) => {
      expectTypeOf(exec).toEqualTypeOf<ToolExecution>()
      expectTypeOf(next).toEqualTypeOf<() => Promise<PreToolDecision>>()
      return next()
    })
    registry.on('tools/execute', (_exec, next) => {
      expectTypeOf(next).returns.resolves.toEqualTypeOf<ToolExecutionResult>()
      return next()
    })
    registry.on('tools/post-execute', (_exec, result, next) => {
      expectTypeOf(result.isError).toEqualTypeOf<boolean>()
      expectTypeOf(next).returns.resolves.toEqualTypeOf<PostToolDecision>()
      return { kind: 'block', feedback: [{ type: 'text', text: 'no' }] }
    })
    registry.on('tools/result', (exec, result) => {
      expectTypeOf(exec.token).toBeSymbol()
      expectTypeOf(result.content).toEqualTypeOf<ContentBlock[]>()
    })
    expectTypeOf(
      registry.on('tools/change', () => undefined, { scope: agent, prepend: true }),
    ).toEqualTypeOf<Disposer>()
    expectTypeOf<ToolEventMap['tools/change']>().toEqualTypeOf<() => void>()
  })

  it('refuses wrong decisions and unknown events', () => {
    // @ts-expect-error: deny needs a reason
    registry.on('tools/pre-execute', () => ({ kind: 'deny' }))
    // @ts-expect-error: no such decision
    registry.on('tools/pre-execute', () => ({ kind: 'maybe' }))
    // @ts-expect-error: block needs feedback
    registry.on('tools/post-execute', () => ({ kind: 'block' }))
    // @ts-expect-error: no such event
    registry.on('tools/whatever', () => undefined)
  })

  it('guards return a reason or undefined, synchronously', () => {
    registry.guard(() => undefined)
    registry.guard((exec) => (exec.name === 'shell' ? 'no shell' : undefined))
    // @ts-expect-error: guards cannot allow
    registry.guard(() => true)
    // @ts-expect-error: guards are synchronous
    registry.guard(async () => 'no')
  })

  it('execute resolves to a result; get and list give definitions', () => {
    expectTypeOf(registry.execute).returns.resolves.toEqualTypeOf<ToolExecutionResult>()
    expectTypeOf(registry.get('x')).toEqualTypeOf<ToolDefinition | undefined>()
    expectTypeOf(registry.schemas()[0]!).toHaveProperty('parameters')
    expectTypeOf(registry.schemas()[0]!).not.toHaveProperty('execute')
    expectTypeOf(createToolRegistry).returns.toEqualTypeOf<ToolRegistry>()
  })

  it('a scope handle executes without an agent field', () => {
    const scope = registry.scope(agent)
    expectTypeOf(scope.execute).parameter(0).not.toHaveProperty('agent')
  })

  it('approval outcomes are a closed union', () => {
    expectTypeOf<ApprovalOutcome['kind']>().toEqualTypeOf<
      'allowed-once' | 'rejected' | 'cancelled' | 'unavailable'
    >()
  })
})
