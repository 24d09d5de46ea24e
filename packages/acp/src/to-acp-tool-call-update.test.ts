import type { ContentBlock } from '@toolpipe/core'
import type { ToolCallView, ToolResultView } from '@toolpipe/presentation'
import { describe, expect, it } from 'vitest'
import { createAcpSchemaChecker } from './__fixtures__/acp-schema.js'
import { cwd, everyKind, text } from './__fixtures__/cards.js'
import { toAcpToolCallUpdate } from './to-acp-tool-call-update.js'
import type { AcpToolCallUpdate, AcpToolCallUpdateContext } from './to-acp-tool-call-update.js'

const schema = createAcpSchemaChecker()

/** Maps a view and checks the update against the protocol's schema before returning it. */
function update(view: unknown, context: Partial<AcpToolCallUpdateContext> = {}): AcpToolCallUpdate {
  const mapped = toAcpToolCallUpdate(view as ToolResultView, {
    toolCallId: 'call_1',
    cwd,
    isError: false,
    ...context,
  })
  expect(schema.errors('SessionNotification', { sessionId: 'sess_1', update: mapped })).toEqual([])
  return mapped
}

const textItem = (value: string) => ({ type: 'content', content: { type: 'text', text: value } })
const consoleItem = (body: string) => textItem(`\`\`\`console\n${body}\n\`\`\``)
const base = (status: 'completed' | 'failed' = 'completed') =>
  ({ sessionUpdate: 'tool_call_update', toolCallId: 'call_1', status }) as const

const terminalCall: ToolCallView = { card: 'terminal', title: 'npm test' }
const genericCall: ToolCallView = { card: 'generic', title: 'search', kind: 'search' }

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

describe('toAcpToolCallUpdate: terminal cards without terminal output', () => {
  it('show the output in a console block, trailing newlines trimmed', () => {
    expect(
      update(
        { card: 'terminal', output: '  12 passed\n\n\r\n', exitCode: 0 },
        { pending: terminalCall },
      ),
    ).toEqual({ ...base(), content: [consoleItem('  12 passed')] })
  })

  it('add a non-zero exit code or a signal after the block', () => {
    expect(
      update({ card: 'terminal', output: 'boom\n', exitCode: 2 }, { isError: true }).content,
    ).toEqual([textItem('```console\nboom\n```\n\nExited with code 2.')])
    expect(update({ card: 'terminal', output: 'x', exitCode: -1 }).content).toEqual([
      textItem('```console\nx\n```\n\nExited with code -1.'),
    ])
    expect(
      update({ card: 'terminal', output: 'partial', signal: 'SIGTERM' }, { isError: true }).content,
    ).toEqual([textItem('```console\npartial\n```\n\nKilled by signal SIGTERM.')])
  })

  it('show only the exit status when there is no output, and nothing when there is nothing', () => {
    expect(update({ card: 'terminal', output: '\n\n', exitCode: 1 }).content).toEqual([
      textItem('Exited with code 1.'),
    ])
    expect(update({ card: 'terminal', signal: 'SIGKILL' }).content).toEqual([
      textItem('Killed by signal SIGKILL.'),
    ])
    expect(update({ card: 'terminal', exitCode: 0 })).toEqual(base())
    expect(update({ card: 'terminal', output: '' })).toEqual(base())
  })

  it('fence output that contains a fence with a longer one', () => {
    const output = 'README:\n```console\n$ ls\n```\n'
    expect(update({ card: 'terminal', output }).content).toEqual([
      textItem('````console\nREADME:\n```console\n$ ls\n```\n````'),
    ])
  })

  it('keep the command title unless the result names another, verbatim', () => {
    expect(update({ card: 'terminal', title: '/srv/app/run.sh --fast', output: 'ok' }).title).toBe(
      '/srv/app/run.sh --fast',
    )
  })

  it('trim long runs of newlines in linear time', () => {
    const output = `${'\n'.repeat(200_000)}x${'\r\n'.repeat(200_000)}`
    expect(update({ card: 'terminal', output }).content).toEqual([
      consoleItem(`${'\n'.repeat(200_000)}x`),
    ])
  })
})

describe('toAcpToolCallUpdate: terminal cards with terminal output', () => {
  it('carry the output and exit status in _meta, with no content', () => {
    expect(
      update(
        { card: 'terminal', output: '12 passed\n', exitCode: 0 },
        { terminalOutput: true, pending: terminalCall, toolCallId: 'toolu_9' },
      ),
    ).toEqual({
      sessionUpdate: 'tool_call_update',
      toolCallId: 'toolu_9',
      status: 'completed',
      _meta: {
        terminal_output: { terminal_id: 'toolu_9', data: '12 passed\n' },
        terminal_exit: { terminal_id: 'toolu_9', exit_code: 0, signal: null },
      },
    })
  })

  it('write null for what is absent', () => {
    expect(
      update({ card: 'terminal', signal: 'SIGKILL' }, { terminalOutput: true, isError: true }),
    ).toEqual({
      ...base('failed'),
      _meta: {
        terminal_output: { terminal_id: 'call_1', data: '' },
        terminal_exit: { terminal_id: 'call_1', exit_code: null, signal: 'SIGKILL' },
      },
    })
    expect(update({ card: 'terminal', title: 'npm t' }, { terminalOutput: true })).toEqual({
      ...base(),
      title: 'npm t',
      _meta: {
        terminal_output: { terminal_id: 'call_1', data: '' },
        terminal_exit: { terminal_id: 'call_1', exit_code: null, signal: null },
      },
    })
  })

  it('a diff or generic result after a terminal card replaces the terminal item as usual', () => {
    expect(
      update(
        { card: 'generic', content: [text('ok')] },
        { terminalOutput: true, pending: terminalCall },
      ),
    ).toEqual({ ...base(), content: [textItem('ok')] })
  })
})

describe('toAcpToolCallUpdate: a terminal result after a card that was not a terminal', () => {
  it.each([true, false])(
    'degrades to a generic card with the raw content (terminal output: %s)',
    (terminalOutput) => {
      expect(
        update(
          { card: 'terminal', title: '/srv/app/out.log', output: 'x\n', exitCode: 3 },
          {
            pending: genericCall,
            resultContent: [text('raw result')],
            terminalOutput,
            isError: true,
          },
        ),
      ).toEqual({ ...base('failed'), title: 'out.log', content: [textItem('raw result')] })
    },
  )

  it('shows the output as text when it has no raw content', () => {
    expect(
      update({ card: 'terminal', output: 'x\n' }, { pending: genericCall, terminalOutput: true }),
    ).toEqual({ ...base(), content: [textItem('x\n')] })
    expect(update({ card: 'terminal', exitCode: 1 }, { pending: genericCall })).toEqual(base())
  })

  it('treats an invalid pending card as the generic card it is shown as', () => {
    expect(
      update(
        { card: 'terminal', output: 'x' },
        { pending: { card: 'terminal' } as unknown as ToolCallView, terminalOutput: true },
      ),
    ).toEqual({ ...base(), content: [textItem('x')] })
  })

  it('diff pending cards degrade too', () => {
    const pending: ToolCallView = {
      card: 'diff',
      title: 'a',
      diffs: [{ path: 'a', oldText: null, newText: '' }],
    }
    expect(update({ card: 'terminal', output: 'y' }, { pending }).content).toEqual([textItem('y')])
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
