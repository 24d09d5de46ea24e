import { HarnessError } from '@toolpipe/core'
import type { HookContext } from '@toolpipe/core'
import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { text, tool } from './__fixtures__/tools.js'
import { createToolRegistry } from './tool-registry.js'
import { revokedProxy } from '@toolpipe/hostile-values'

describe('step 9: tools/post-execute', () => {
  it('accepts by default; accept may replace content and add context', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read', () => ({ content: [text('raw')], meta: { m: 1 } })))
    const context: HookContext = {
      content: [text('remember the file is generated')],
      source: { kind: 'plugin', plugin: 'lint' },
    }
    registry.on('tools/post-execute', () => ({
      kind: 'accept',
      content: [text('redacted')],
      additionalContext: context,
    }))
    expect(await registry.execute(callInput('read'))).toEqual({
      content: [text('redacted')],
      isError: false,
      meta: { m: 1 },
      additionalContext: context,
    })
  })

  it('block turns the result into an error result with the feedback', async () => {
    const registry = createToolRegistry()
    registry.register(
      tool('write', () => ({ content: [text('wrote secrets.env')], meta: { path: 'x' } })),
    )
    registry.on('tools/post-execute', () => ({
      kind: 'block',
      feedback: [text('do not write .env files; use the vault tool')],
    }))
    expect(await registry.execute(callInput('write'))).toEqual({
      content: [text('do not write .env files; use the vault tool')],
      isError: true,
      error: { name: 'ToolBlockedError', code: 'POST_BLOCKED' },
    })
  })

  it('a block that stands for an error of its own gives that name and code', async () => {
    const registry = createToolRegistry()
    registry.register(tool('test', () => [text('3 failed')]))
    registry.on('tools/post-execute', () => ({
      kind: 'block',
      feedback: [text('3 failed'), text('stop: fix the build first')],
      error: { name: 'HookStoppedError', code: 'HOOK_STOPPED' },
    }))
    expect(await registry.execute(callInput('test'))).toEqual({
      content: [text('3 failed'), text('stop: fix the build first')],
      isError: true,
      error: { name: 'HookStoppedError', code: 'HOOK_STOPPED' },
    })
  })

  it('never turns an error into a success: accept keeps isError true', async () => {
    const registry = createToolRegistry()
    registry.register(
      tool('fail', () => {
        throw new Error('broke')
      }),
    )
    registry.on('tools/post-execute', () => ({
      kind: 'accept',
      content: [text('all good, honestly')],
    }))
    const result = await registry.execute(callInput('fail'))
    expect(result).toEqual({
      content: [text('all good, honestly')],
      isError: true,
      error: { name: 'ToolFailedError', code: 'TOOL_FAILED' },
    })
  })

  it('hands listeners a frozen result, so isError cannot be flipped by mutation', async () => {
    const registry = createToolRegistry()
    registry.register(
      tool('fail', () => {
        throw new Error('broke')
      }),
    )
    registry.on('tools/post-execute', async (_exec, result, next) => {
      expect(Object.isFrozen(result)).toBe(true)
      expect(() => {
        ;(result as { isError: boolean }).isError = false
      }).toThrow(TypeError)
      return next()
    })
    expect(await registry.execute(callInput('fail'))).toEqual({
      content: [text('Error: broke')],
      isError: true,
      error: { name: 'ToolFailedError', code: 'TOOL_FAILED' },
    })
  })

  it('runs as a waterfall: an outer listener sees the inner decision and may replace it', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    registry.on('tools/post-execute', async (_exec, _result, next) => {
      const inner = await next()
      return inner.kind === 'block' ? { kind: 'accept' } : inner
    })
    registry.on('tools/post-execute', () => ({ kind: 'block', feedback: [text('inner blocks')] }))
    expect(await registry.execute(callInput('read'))).toEqual({
      content: [text('read ran')],
      isError: false,
    })
  })

  it('turns a throw or a malformed decision into an error result', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    const off = registry.on('tools/post-execute', () => {
      throw new Error('post failed')
    })
    expect((await registry.execute(callInput('read'))).content).toEqual([
      text('Error: post failed'),
    ])
    off()
    registry.on('tools/post-execute', () => ({ kind: 'block' }) as never)
    expect((await registry.execute(callInput('read'))).error?.code).toBe('INVALID_DECISION')
  })
})

describe('step 10: thrown values become error results', () => {
  class QuotaError extends HarnessError {
    constructor() {
      super('quota exhausted', 'QUOTA')
    }
  }
  const failed = { name: 'ToolFailedError', code: 'TOOL_FAILED' }
  const unprintable = Object.create(null) as object
  const revoked = revokedProxy()

  it.each([
    ['an Error', new Error('disk full'), 'Error: disk full', failed],
    [
      'a HarnessError',
      new QuotaError(),
      'Error: quota exhausted',
      { name: 'QuotaError', code: 'QUOTA' },
    ],
    ['a string', 'plain string', 'Error: plain string', failed],
    ['an object with a message', { message: 'from an object' }, 'Error: from an object', failed],
    ['a number', 42, 'Error: 42', failed],
    ['undefined', undefined, 'Error: undefined', failed],
    ['an unprintable object', unprintable, 'Error: <unprintable thrown value>', failed],
    ['a revoked Proxy', revoked, 'Error: <unprintable thrown value>', failed],
  ])('from a tool, %s', async (_label, thrown: unknown, message, error) => {
    const registry = createToolRegistry()
    registry.register(
      tool('fail', () => {
        throw thrown
      }),
    )
    const result = await registry.execute(callInput('fail'))
    expect(result).toEqual({ content: [text(message)], isError: true, error })
  })

  it.each([
    [
      'a pre-execute listener',
      (registry: ReturnType<typeof createToolRegistry>) =>
        registry.on('tools/pre-execute', () => {
          throw new Error('pre broke')
        }),
    ],
    [
      'a guard',
      (registry: ReturnType<typeof createToolRegistry>) =>
        registry.guard(() => {
          throw new Error('guard broke')
        }),
    ],
    [
      'a wrapper',
      (registry: ReturnType<typeof createToolRegistry>) =>
        registry.on('tools/execute', () => Promise.reject(new Error('wrapper broke'))),
    ],
  ])(
    'from %s: an error result, the tool does not run, the turn goes on',
    async (_label, install) => {
      const registry = createToolRegistry()
      const body = vi.fn(() => [])
      registry.register(tool('read', body))
      install(registry)
      const result = await registry.execute(callInput('read'))
      expect(result.isError).toBe(true)
      expect((result.content[0] as { text: string }).text).toMatch(
        /^Error: (pre|guard|wrapper) broke$/,
      )
      expect(body).not.toHaveBeenCalled()
      expect((await registry.execute(callInput('read'))).isError).toBe(true)
    },
  )
})
