import { asCallId } from '@toolpipe/core'
import { describe, expect, it, vi } from 'vitest'
import { brokenPresenters, shellTool, textResult, toolWith } from './__fixtures__/tools.js'
import { revokedProxy } from '@toolpipe/hostile-values'
import { deeplyNestedContent, validResultViews } from './__fixtures__/views.js'
import { checkToolResultView } from './check-tool-result-view.js'
import { isToolResultView } from './is-tool-result-view.js'
import { presentResultSafely } from './present-result-safely.js'
import type { PresentableTool } from './presentable-tool.js'
import type { ToolResult } from './tool-result.js'
import type { ToolResultView } from './tool-result-view.js'

function isDeepFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true
  return Object.isFrozen(value) && Object.values(value).every(isDeepFrozen)
}

const args = { command: 'npm test' }
const result = textResult('3 passed\n')

/** A tool whose pending card is a terminal card titled with the command. */
function withPendingTitle(presentResult: unknown): PresentableTool {
  return {
    name: 'shell',
    presentCall: shellTool.presentCall,
    presentResult,
  } as unknown as PresentableTool
}

describe('presentResultSafely with a valid view', () => {
  it.each(validResultViews)('returns %s as an equal copy', (_label, view) => {
    const shown = presentResultSafely(
      toolWith('presentResult', () => view),
      args,
      result,
    )
    expect(shown).toEqual(view)
    expect(shown).not.toBe(view)
    expect(isDeepFrozen(shown)).toBe(true)
  })

  it('calls the presenter once, with args, result and the tool as `this`', () => {
    const tool = {
      name: 'shell',
      presentResult: vi.fn(function (this: unknown): ToolResultView {
        expect(this).toBe(tool)
        return { card: 'terminal', exitCode: 0 }
      }),
    }
    presentResultSafely(tool, args, result)
    expect(tool.presentResult).toHaveBeenCalledTimes(1)
    expect(tool.presentResult).toHaveBeenCalledWith(args, result)
  })

  it('returns a copy that later plugin mutation cannot change', () => {
    const view = { card: 'terminal' as const, output: 'ok\n', exitCode: 0 }
    const shown = presentResultSafely(
      toolWith('presentResult', () => view),
      args,
      result,
    )
    view.output = 'changed'
    expect(shown).toEqual({ card: 'terminal', output: 'ok\n', exitCode: 0 })
  })

  it('writes an exit code of -0 as 0', () => {
    const shown = presentResultSafely(
      toolWith('presentResult', () => ({ card: 'terminal', exitCode: -0 })),
      args,
      result,
    )
    expect(shown.card === 'terminal' && Object.is(shown.exitCode, 0)).toBe(true)
  })

  it('uses a well-behaved presenter', () => {
    expect(presentResultSafely(shellTool, args, result)).toEqual({
      card: 'terminal',
      output: '3 passed\n',
      exitCode: 0,
    })
  })
})

describe('presentResultSafely falls back, keeping the pending title and the raw content', () => {
  const fallback = { card: 'generic', title: 'npm test', content: result.content }

  it('without a presenter', () => {
    expect(presentResultSafely(withPendingTitle(undefined), args, result)).toEqual(fallback)
  })

  it.each(brokenPresenters())('when the presenter %s', (_label, presenter) => {
    const shown = presentResultSafely(withPendingTitle(presenter), args, result)
    expect(shown).toEqual(fallback)
    expect(isToolResultView(shown)).toBe(true)
    expect(isDeepFrozen(shown)).toBe(true)
  })

  it('when the terminal result has both exitCode and signal', () => {
    const presenter = () => ({ card: 'terminal', exitCode: 1, signal: 'SIGKILL' })
    expect(presentResultSafely(withPendingTitle(presenter), args, result)).toEqual(fallback)
  })

  it('when reading presentResult throws', () => {
    const tool = {
      name: 'shell',
      presentCall: shellTool.presentCall,
      get presentResult(): never {
        throw new Error('getter')
      },
    }
    expect(presentResultSafely(tool, args, result)).toEqual(fallback)
  })

  it('titled with the tool name when the pending card is the generic fallback', () => {
    const tool = {
      name: 'shell',
      presentCall: () => {
        throw new Error('pending bug')
      },
    }
    expect(presentResultSafely(tool, args, result)).toEqual({
      card: 'generic',
      title: 'shell',
      content: result.content,
    })
    expect(presentResultSafely({ name: 'shell' }, args, result)).toEqual({
      card: 'generic',
      title: 'shell',
      content: result.content,
    })
  })

  it('with the content as a detached copy, error results included', () => {
    const failed: ToolResult = {
      content: [
        { type: 'text', text: 'Error: boom' },
        {
          type: 'tool-result',
          toolCallId: asCallId('c'),
          content: [{ type: 'text', text: 'inner' }],
        },
      ],
      isError: true,
    }
    const shown = presentResultSafely(withPendingTitle(undefined), args, failed)
    expect(shown).toEqual({ card: 'generic', title: 'npm test', content: failed.content })
    expect(shown.card === 'generic' && shown.content).not.toBe(failed.content)
  })

  it('that is itself a valid card, whatever the depth of the args and of the content', () => {
    let deepArgs: unknown = 1
    for (let level = 0; level < 512; level++) deepArgs = { a: deepArgs }
    for (const depth of [0, 254, 255, 256, 5_000]) {
      const deepResult = { content: deeplyNestedContent(depth), isError: false }
      const shown = presentResultSafely({ name: 'deep' }, deepArgs, deepResult)
      expect(checkToolResultView(shown)).toEqual([])
      expect(isToolResultView(shown)).toBe(true)
      expect(shown.title).toBe('deep')
    }
  })

  it('keeping a content block of an extension kind', () => {
    const extended = { content: [{ type: 'resource-link', uri: 'file:///a' }], isError: false }
    const shown = presentResultSafely({ name: 'x' }, {}, extended as unknown as ToolResult)
    expect(shown).toEqual({
      card: 'generic',
      title: 'x',
      content: [{ type: 'resource-link', uri: 'file:///a' }],
    })
  })

  it.each([
    ['content that is not an array', { content: 'text', isError: false }],
    ['content with an invalid block', { content: [{ type: 'text' }], isError: false }],
    ['a result without content', { isError: false }],
    ['null', null],
    ['a string', 'result'],
    ['a revoked Proxy', revokedProxy()],
    [
      'a content getter that throws',
      {
        get content(): never {
          throw new Error('getter')
        },
        isError: false,
      },
    ],
  ])('without content when the result is %s', (_label, broken) => {
    const shown = presentResultSafely(
      withPendingTitle(undefined),
      args,
      broken as unknown as ToolResult,
    )
    expect(shown).toEqual({ card: 'generic', title: 'npm test' })
  })
})
