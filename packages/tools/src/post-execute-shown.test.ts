import type { HookContext } from '@toolpipe/core'
import { describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { alice, text, tool } from './__fixtures__/tools.js'
import type { ShownValueFilter } from './provided-values.js'
import type { PostToolDecision } from './tool-decisions.js'
import type { ToolExecutionResult } from './tool-execution.js'
import { createToolRegistry } from './tool-registry.js'

// SPEC §25: redaction applies "before anyone after the tool sees it (post-execute listeners, the
// model, output budget, spill files, observers, cards)". SPEC §6.3 step 9: what a post-execute
// listener writes (a block's feedback, an accept's content, additional context) becomes the
// result, so it passes the same tools/shown filters before the result is frozen and observed.

const marker = 'hunter2'

const hide: ShownValueFilter = (value) =>
  JSON.parse(JSON.stringify(value).replaceAll(marker, '[hidden]')) as typeof value

const context = (words: string): HookContext => ({
  content: [text(words)],
  source: { kind: 'plugin', plugin: 'lint' },
})

/** A registry with `filter` provided, a tool that answers `ran`, and what observers saw. */
function watched(filter: ShownValueFilter = hide) {
  const warnings: string[] = []
  const registry = createToolRegistry({
    logger: { warn: (message: string) => warnings.push(message) },
  })
  registry.register(tool('shell', () => [text('ran')]))
  registry.provide('tools/shown', filter)
  const observed: ToolExecutionResult[] = []
  registry.on('tools/result', (_exec, result) => {
    observed.push(result)
  })
  const call = () => registry.execute(callInput('shell', {}, { agent: alice }))
  return { registry, observed, warnings, call }
}

describe('§25 §6.3 step 9: what a post-execute listener writes passes the tools/shown filters', () => {
  it.each<[string, PostToolDecision, Partial<ToolExecutionResult>]>([
    [
      'a block’s feedback',
      { kind: 'block', feedback: [text(`blocked: env holds ${marker}`)] },
      {
        content: [text('blocked: env holds [hidden]')],
        isError: true,
        error: { name: 'ToolBlockedError', code: 'POST_BLOCKED' },
      },
    ],
    [
      'a block’s own error and context',
      {
        kind: 'block',
        feedback: [text('stop')],
        error: { name: 'HookStoppedError', code: `STOP_${marker}` },
        additionalContext: context(`the hook saw ${marker}`),
      },
      {
        content: [text('stop')],
        isError: true,
        error: { name: 'HookStoppedError', code: 'STOP_[hidden]' },
        additionalContext: context('the hook saw [hidden]'),
      },
    ],
    [
      'an accept’s content',
      { kind: 'accept', content: [text(`edited ${marker}`)] },
      { content: [text('edited [hidden]')], isError: false },
    ],
    [
      'an accept’s additional context',
      { kind: 'accept', additionalContext: context(`remember ${marker}`) },
      { content: [text('ran')], isError: false, additionalContext: context('remember [hidden]') },
    ],
  ])('%s: the result and every observer', async (_label, decision, expected) => {
    const { registry, observed, call } = watched()
    registry.on('tools/post-execute', () => decision)
    const result = await call()
    expect(result).toEqual(expected)
    expect(observed).toEqual([result])
    expect(JSON.stringify([result, observed])).not.toContain(marker)
  })

  it('the listener outside sees the inner listener’s decision filtered', async () => {
    const { registry, call } = watched()
    const seen: PostToolDecision[] = []
    registry.on('tools/post-execute', async (_exec, _result, next) => {
      const inner = await next()
      seen.push(inner)
      return inner.kind === 'accept' ? { ...inner, content: [text('outer')] } : inner
    })
    registry.on('tools/post-execute', () => ({
      kind: 'accept',
      additionalContext: context(`inner ${marker}`),
    }))
    const result = await call()
    expect(seen).toEqual([{ kind: 'accept', additionalContext: context('inner [hidden]') }])
    expect(result.additionalContext).toEqual(context('inner [hidden]'))
    expect(result.content).toEqual([text('outer')])
  })

  it('a filter that throws: the call fails closed, the text shown nowhere', async () => {
    const broken: ShownValueFilter = (value) => {
      if (JSON.stringify(value).includes(marker)) throw new Error('filter broke')
      return value
    }
    const { registry, observed, call } = watched(broken)
    registry.on('tools/post-execute', () => ({ kind: 'accept', content: [text(marker)] }))
    const result = await call()
    expect(result.content).toEqual([text('Error: filter broke')])
    expect(result.isError && result.error).toEqual({
      name: 'ListenerError',
      code: 'LISTENER_FAILED',
    })
    expect(JSON.stringify([result, observed])).not.toContain(marker)
  })

  it.each<[string, unknown]>([
    ['no object', 7],
    ['feedback that is not blocks', { feedback: 'not blocks' }],
    ['a block without feedback', {}],
  ])('a filter that hands back %s: INVALID_DECISION naming the filter', async (_label, back) => {
    // Text passes: the error result's message goes through the same filter.
    const { registry, call } = watched(
      (value) => (typeof value === 'string' ? value : back) as never,
    )
    registry.on('tools/post-execute', () => ({ kind: 'block', feedback: [text(marker)] }))
    const result = await call()
    expect(result.isError && result.error).toEqual({
      name: 'ToolPipelineError',
      code: 'INVALID_DECISION',
    })
    expect(JSON.stringify(result.content)).toContain(
      'a tools/shown filter handed back a tools/post-execute decision that is not one',
    )
    expect(JSON.stringify(result)).not.toContain(marker)
  })

  it('costs nothing without a listener’s own text: the filter is not called', async () => {
    const given: unknown[] = []
    const counting: ShownValueFilter = (value) => {
      given.push(value)
      return value
    }
    const { registry, call } = watched(counting)
    expect(await call()).toEqual({ content: [text('ran')], isError: false })
    registry.on('tools/post-execute', () => ({ kind: 'accept' }))
    registry.on('tools/post-execute', (_exec, _result, next) => next())
    expect(await call()).toEqual({ content: [text('ran')], isError: false })
    expect(given).toEqual([])
  })

  it('without a filter, what a listener wrote is the result as it was', async () => {
    const registry = createToolRegistry()
    registry.register(tool('shell', () => [text('ran')]))
    registry.on('tools/post-execute', () => ({ kind: 'block', feedback: [text(marker)] }))
    expect((await registry.execute(callInput('shell'))).content).toEqual([text(marker)])
  })
})
