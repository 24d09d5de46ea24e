import type { ToolCallView } from '@toolpipe/presentation'
import { describe, expect, it } from 'vitest'
import { text } from './__fixtures__/cards.js'
import { schemaCheckedUpdate as update } from './__fixtures__/schema-checked.js'
import {
  base,
  consoleItem,
  genericCall,
  terminalCall,
  textItem,
} from './__fixtures__/update-items.js'

/** `toAcpToolCallUpdate` of terminal cards: as a console block, as terminal output, after a card that was not a terminal. */

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
