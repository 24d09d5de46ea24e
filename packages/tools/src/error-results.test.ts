import { HarnessError } from '@toolpipe/core'
import type { HookContext } from '@toolpipe/core'
import { describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { alice, text, tool } from './__fixtures__/tools.js'
import type { ToolExecutionResult } from './tool-execution.js'
import { createToolRegistry } from './tool-registry.js'
import {
  InvalidApprovalError,
  ListenerError,
  ToolBlockedError,
  ToolDeniedError,
  ToolFailedError,
} from './index.js'
import { QuotaError, situations } from './__fixtures__/error-situations.js'

describe('every error result names its outcome: error: { name, code }', () => {
  it.each(situations.map((row) => [row.situation, row] as const))(
    'when %s',
    async (_situation, row) => {
      const registry = createToolRegistry(row.options)
      registry.register(tool('t', row.body ?? (() => [text('ran')])))
      row.setup?.(registry)
      const result = await registry.execute(row.input ?? callInput('t', {}, { agent: alice }))
      expect(result).toEqual({ content: [text(row.text)], isError: true, error: row.error })
    },
  )

  it('a block keeps the feedback, drops meta and codes even an error result POST_BLOCKED', async () => {
    const registry = createToolRegistry()
    registry.register(
      tool('t', () => {
        throw new Error('broke')
      }),
    )
    const context: HookContext = { content: [text('note')], source: { kind: 'user' } }
    registry.on('tools/post-execute', () => ({
      kind: 'block',
      feedback: [text('try the other tool')],
      additionalContext: context,
    }))
    expect(await registry.execute(callInput('t'))).toEqual({
      content: [text('try the other tool')],
      isError: true,
      error: { name: 'ToolBlockedError', code: 'POST_BLOCKED' },
      additionalContext: context,
    })
  })

  it('an accepted error keeps its error, whatever content replaces its text', async () => {
    const registry = createToolRegistry()
    registry.register(
      tool('t', () => {
        throw new QuotaError()
      }),
    )
    registry.on('tools/post-execute', () => ({ kind: 'accept', content: [text('later')] }))
    expect(await registry.execute(callInput('t'))).toEqual({
      content: [text('later')],
      isError: true,
      error: { name: 'QuotaError', code: 'QUOTA' },
    })
  })

  it('a wrapper’s success may not carry an error', async () => {
    const registry = createToolRegistry()
    registry.register(tool('t'))
    registry.on(
      'tools/execute',
      () => ({ content: [text('ok')], isError: false, error: { name: 'X', code: 'Y' } }) as never,
    )
    expect((await registry.execute(callInput('t'))).error).toEqual({
      name: 'ToolPipelineError',
      code: 'INVALID_DECISION',
    })
  })

  it('a wrapper’s own error result, with its error, is passed on', async () => {
    const registry = createToolRegistry()
    registry.register(tool('t'))
    const cached: ToolExecutionResult = {
      content: [text('Error: rate limited')],
      isError: true,
      error: { name: 'RateLimitError', code: 'RATE_LIMITED' },
    }
    registry.on('tools/execute', () => cached)
    expect(await registry.execute(callInput('t'))).toEqual(cached)
  })

  it('the error classes are HarnessErrors with their names and codes', () => {
    const cause = new Error('inner')
    expect(new ToolDeniedError('no', 'GUARD_DENIED')).toMatchObject({
      name: 'ToolDeniedError',
      code: 'GUARD_DENIED',
      message: 'no',
    })
    expect(new ToolBlockedError('shell')).toMatchObject({
      name: 'ToolBlockedError',
      code: 'POST_BLOCKED',
      toolName: 'shell',
      message: 'a tools/post-execute listener blocked the result of tool "shell"',
    })
    expect(new ToolFailedError(cause)).toMatchObject({
      name: 'ToolFailedError',
      code: 'TOOL_FAILED',
      message: 'inner',
      cause,
    })
    expect(new ListenerError('thrown string')).toMatchObject({
      name: 'ListenerError',
      code: 'LISTENER_FAILED',
      message: 'thrown string',
      cause: 'thrown string',
    })
    expect(new InvalidApprovalError('bad')).toMatchObject({
      name: 'InvalidApprovalError',
      code: 'INVALID_APPROVAL',
    })
    for (const error of [
      new ToolDeniedError('no', 'POLICY_DENIED'),
      new ToolBlockedError('x'),
      new ToolFailedError(1),
      new ListenerError(1),
      new InvalidApprovalError('x'),
    ]) {
      expect(error).toBeInstanceOf(HarnessError)
    }
  })
})
