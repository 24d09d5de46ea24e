import type { ContentBlock } from '@toolpipe/core'
import type { ToolCallView, ToolResultView } from '@toolpipe/presentation'
import { describe, expect, it } from 'vitest'
import { cwd, everyKind, text } from './__fixtures__/cards.js'
import { toAcpToolCallUpdate } from './to-acp-tool-call-update.js'
import type { AcpToolCallUpdateContext } from './to-acp-tool-call-update.js'
import { schemaCheckedUpdate as update } from './__fixtures__/schema-checked.js'
import { base, genericCall, terminalCall, textItem } from './__fixtures__/update-items.js'

/** `toAcpToolCallUpdate`: status, generic and diff cards, views that are not cards, the context, every card valid ACP. */

describe('toAcpToolCallUpdate: status', () => {
  it('is completed, or failed when isError', () => {
    expect(update({ card: 'generic' })).toEqual(base('completed'))
    expect(update({ card: 'generic' }, { isError: true })).toEqual(base('failed'))
  })
})

describe('toAcpToolCallUpdate: generic cards', () => {
  it('replace title and content', () => {
    expect(
      update(
        { card: 'generic', title: '/srv/app/src/a.ts', content: [text('done')] },
        { resultContent: [text('raw')] },
      ),
    ).toEqual({ ...base(), title: 'src/a.ts', content: [textItem('done')] })
  })

  it('without content, show the raw result content', () => {
    expect(update({ card: 'generic' }, { resultContent: [text('raw')], isError: true })).toEqual({
      ...base('failed'),
      content: [textItem('raw')],
    })
    expect(
      update({ card: 'generic', title: 'x' }, { resultContent: everyKind }).content,
    ).toHaveLength(6)
  })

  it('without content or raw content, keep what the pending card showed', () => {
    expect(update({ card: 'generic', title: 'Searched' })).toEqual({ ...base(), title: 'Searched' })
  })

  it('with empty content, clear it', () => {
    expect(update({ card: 'generic', content: [] }, { resultContent: [text('raw')] })).toEqual({
      ...base(),
      content: [],
    })
  })

  it('keep the pending title when theirs is absent or empty', () => {
    expect(update({ card: 'generic', title: '' })).not.toHaveProperty('title')
    expect(update({ card: 'generic', title: '/srv/app2/x' }).title).toBe('/srv/app2/x')
  })

  it('ignore raw result content that is not valid content', () => {
    expect(
      update(
        { card: 'generic' },
        { resultContent: [{ type: 'text' }] as unknown as ContentBlock[] },
      ),
    ).toEqual(base())
  })
})

describe('toAcpToolCallUpdate: diff cards', () => {
  it('replace the content with the completed diffs', () => {
    expect(
      update(
        {
          card: 'diff',
          title: '/srv/app/src/a.ts',
          diffs: [
            { path: 'src/a.ts', oldText: 'a\n', newText: 'b\n' },
            { path: '../elsewhere/new.md', oldText: null, newText: '# new\n' },
          ],
        },
        { isError: false },
      ),
    ).toEqual({
      ...base(),
      title: 'src/a.ts',
      content: [
        { type: 'diff', path: '/srv/app/src/a.ts', oldText: 'a\n', newText: 'b\n' },
        { type: 'diff', path: '/srv/elsewhere/new.md', oldText: null, newText: '# new\n' },
      ],
    })
  })

  it('fail like any other card', () => {
    const failed = update(
      { card: 'diff', diffs: [{ path: 'a', oldText: 'x', newText: 'y' }] },
      { isError: true },
    )
    expect(failed.status).toBe('failed')
    expect(failed).not.toHaveProperty('title')
  })
})

describe('toAcpToolCallUpdate: views that are not valid cards', () => {
  it.each([
    ['undefined', undefined],
    ['a string', 'done'],
    ['an unknown card', { card: 'table', rows: [] }],
    ['exitCode and signal together', { card: 'terminal', exitCode: 1, signal: 'SIGTERM' }],
    ['a fractional exit code', { card: 'terminal', exitCode: 1.5 }],
    ['a kind on a result card', { card: 'generic', kind: 'read' }],
    ['a diff without newText', { card: 'diff', diffs: [{ path: 'a', oldText: null }] }],
    [
      'a throwing getter',
      Object.defineProperty({}, 'card', {
        enumerable: true,
        get: () => {
          throw new Error('boom')
        },
      }),
    ],
  ])('%s degrades to a generic card with the raw content', (_, view) => {
    expect(
      update(view, { resultContent: [text('raw')], terminalOutput: true, pending: terminalCall }),
    ).toEqual({
      ...base(),
      content: [textItem('raw')],
    })
    expect(update(view, { isError: true })).toEqual(base('failed'))
  })
})

describe('toAcpToolCallUpdate: context', () => {
  it.each([
    [
      { toolCallId: 'c', cwd },
      'toAcpToolCallUpdate: context.isError must be a boolean, got undefined',
    ],
    [
      { toolCallId: 'c', cwd: '', isError: false },
      'toAcpToolCallUpdate: context.cwd must be an absolute path, got ""',
    ],
    [
      { cwd, isError: true },
      'toAcpToolCallUpdate: context.toolCallId must be a string, got undefined',
    ],
    [
      { toolCallId: 'c', cwd, isError: true, terminalOutput: 1 },
      'toAcpToolCallUpdate: context.terminalOutput must be a boolean, got 1',
    ],
  ])('refuses %o with INVALID_CONTEXT', (context, message) => {
    expect(() =>
      toAcpToolCallUpdate({ card: 'generic' }, context as unknown as AcpToolCallUpdateContext),
    ).toThrow(expect.objectContaining({ name: 'AcpBridgeError', code: 'INVALID_CONTEXT', message }))
  })
})

describe('toAcpToolCallUpdate: every card, capability, status and pending card is valid ACP', () => {
  const results: Record<string, ToolResultView> = {
    generic: { card: 'generic', title: '/srv/app/a.ts', content: everyKind },
    'generic without content': { card: 'generic' },
    diff: { card: 'diff', title: 'edit', diffs: [{ path: 'a.ts', oldText: null, newText: 'x' }] },
    terminal: { card: 'terminal', title: 'npm test', output: 'ok\n', exitCode: 0 },
    'killed terminal': { card: 'terminal', output: '```\n', signal: 'SIGKILL' },
  }
  const pendings: Record<string, ToolCallView | undefined> = {
    'no pending card': undefined,
    'a terminal card': terminalCall,
    'a generic card': genericCall,
  }
  const cases = Object.entries(results).flatMap(([resultName, view]) =>
    Object.entries(pendings).flatMap(([pendingName, pending]) =>
      [false, true].flatMap((terminalOutput) =>
        [false, true].map((isError) => ({
          resultName,
          view,
          pendingName,
          pending,
          terminalOutput,
          isError,
        })),
      ),
    ),
  )

  it.each(cases)(
    '$resultName after $pendingName (terminal output: $terminalOutput, isError: $isError)',
    ({ view, pending, terminalOutput, isError }) => {
      const mapped = update(view, {
        isError,
        terminalOutput,
        resultContent: [text('raw')],
        ...(pending === undefined ? {} : { pending }),
      })
      expect(mapped.status).toBe(isError ? 'failed' : 'completed')
      const usesConvention =
        view.card === 'terminal' && terminalOutput && pending?.card !== 'generic'
      expect(mapped._meta !== undefined).toBe(usesConvention)
    },
  )
})
