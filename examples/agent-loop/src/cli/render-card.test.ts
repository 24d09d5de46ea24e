import { describe, expect, it } from 'vitest'
import { colorsFor } from './colors.js'
import { renderCard } from './render-card.js'
import type { CardToRender } from './render-card.js'

const plain = colorsFor(false)
const colored = colorsFor(true)

describe('renderCard: generic cards', () => {
  it('draws the pending fallback card with its raw input, without repeating the tool name', () => {
    const lines = renderCard(
      {
        state: 'pending',
        toolName: 'read_file',
        view: {
          card: 'generic',
          title: 'read_file',
          kind: 'other',
          rawInput: { file: 'a', n: '2' },
        },
      },
      plain,
    )
    expect(lines).toEqual(['  ▸ read_file  other', '    │ file: "a"', '    │ n: "2"'])
  })

  it('lists only the files the title does not already name, with their lines', () => {
    const lines = renderCard(
      {
        state: 'pending',
        toolName: 'search',
        view: {
          card: 'generic',
          title: 'Read a.txt',
          kind: 'read',
          content: [{ type: 'text', text: 'first\nsecond\n' }],
          locations: [{ path: 'a.txt' }, { path: 'b.txt', line: 3 }],
        },
      },
      plain,
    )
    expect(lines).toEqual([
      '  ▸ Read a.txt  search · read',
      '    │ first',
      '    │ second',
      '    │ files: b.txt:3',
    ])
  })

  it('draws a failed completed card with a cross, the error code and the text in red', () => {
    const card: CardToRender = {
      state: 'completed',
      toolName: 'wait_for_file',
      view: { card: 'generic', content: [{ type: 'text', text: 'Error: timed out' }] },
      pending: { card: 'generic', title: 'Wait for x' },
      isError: true,
      errorCode: 'TOOL_TIMEOUT',
    }
    expect(renderCard(card, plain)).toEqual([
      '  ✗ Wait for x  TOOL_TIMEOUT',
      '    │ Error: timed out',
    ])
    const [header, body] = renderCard(card, colored)
    expect(header).toContain(colored.red('✗'))
    expect(header).toContain(colored.red('TOOL_TIMEOUT'))
    expect(body).toBe(`    │ ${colored.red('Error: timed out')}`)
  })

  it('keeps the pending title unless the completed card has its own, and names other blocks', () => {
    const lines = renderCard(
      {
        state: 'completed',
        toolName: 'shot',
        view: {
          card: 'generic',
          title: 'Screenshot taken',
          content: [
            { type: 'image', data: 'AAAA', mimeType: 'image/png' },
            { type: 'reasoning', text: 'why' },
          ],
        },
        pending: { card: 'generic', title: 'Take a screenshot' },
        isError: false,
      },
      plain,
    )
    expect(lines).toEqual(['  ✓ Screenshot taken', '    │ [image image/png]', '    │ why'])
  })

  it('cuts a long body and says how many lines it left out', () => {
    const text = Array.from({ length: 20 }, (_, index) => `line ${index + 1}`).join('\n')
    const lines = renderCard(
      {
        state: 'completed',
        toolName: 'read_file',
        view: { card: 'generic', content: [{ type: 'text', text }] },
        pending: { card: 'generic', title: 'Read big.txt' },
        isError: false,
      },
      plain,
      { maxBodyLines: 5 },
    )
    expect(lines).toHaveLength(7)
    expect(lines.at(5)).toBe('    │ line 5')
    expect(lines.at(6)).toBe('    │ … 15 more lines')
  })
})

describe('renderCard: terminal cards', () => {
  it('draws the command with $, its description and working directory', () => {
    const lines = renderCard(
      {
        state: 'pending',
        toolName: 'run_shell',
        view: { card: 'terminal', title: 'npm test', description: 'runs the tests', cwd: 'pkg' },
      },
      plain,
    )
    expect(lines).toEqual(['  ▸ $ npm test  run_shell', '    │ runs the tests', '    │ in pkg'])
  })

  it('shows the output and the exit code, green for 0 and red otherwise', () => {
    const done = (exitCode: number) =>
      renderCard(
        {
          state: 'completed',
          toolName: 'run_shell',
          view: { card: 'terminal', output: 'ok\r\n\n', exitCode },
          pending: { card: 'terminal', title: 'npm test' },
          isError: false,
        },
        colored,
      )
    expect(done(0)[0]).toContain(colored.green('exit 0'))
    expect(done(0)[0]).toContain(colored.green('✓'))
    expect(done(2)[0]).toContain(colored.red('exit 2'))
    expect(done(2)[0]).toContain(colored.red('✗'))
    expect(done(0).slice(1)).toEqual(['    │ ok'])
    expect(
      renderCard(
        {
          state: 'completed',
          toolName: 'run_shell',
          view: { card: 'terminal', output: '', signal: 'SIGKILL' },
          pending: { card: 'terminal', title: 'sleep 9' },
          isError: false,
        },
        plain,
      ),
    ).toEqual(['  ✗ $ sleep 9  SIGKILL'])
  })

  it('keeps the $ of a command whose completed card is the generic fallback', () => {
    expect(
      renderCard(
        {
          state: 'completed',
          toolName: 'run_shell',
          // What presentResultSafely falls back to: the pending title and the raw content.
          view: {
            card: 'generic',
            title: 'curl x',
            content: [{ type: 'text', text: 'Error: denied' }],
          },
          pending: { card: 'terminal', title: 'curl x' },
          isError: true,
        },
        plain,
      ),
    ).toEqual(['  ✗ $ curl x', '    │ Error: denied'])
  })
})

describe('renderCard: diff cards', () => {
  it('draws a new file as one hunk of additions', () => {
    const lines = renderCard(
      {
        state: 'pending',
        toolName: 'edit_file',
        view: {
          card: 'diff',
          title: 'Create a.txt',
          diffs: [{ path: 'a.txt', oldText: null, newText: 'one\ntwo\n' }],
        },
      },
      plain,
    )
    expect(lines).toEqual([
      '  ▸ Create a.txt  edit_file',
      '    │ new file a.txt',
      '    │ @@ -0,0 +1,2 @@',
      '    │ +one',
      '    │ +two',
    ])
  })

  it('draws the applied hunks with context, - lines in red and + lines in green', () => {
    const oldText = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].join('\n') + '\n'
    const newText = oldText.replace('e\n', 'E\n')
    const card: CardToRender = {
      state: 'completed',
      toolName: 'edit_file',
      view: { card: 'diff', diffs: [{ path: 'x.txt', oldText, newText }] },
      pending: { card: 'diff', title: 'Edit x.txt', diffs: [] },
      isError: false,
    }
    expect(renderCard(card, plain)).toEqual([
      '  ✓ Edit x.txt',
      '    │ x.txt',
      '    │ @@ -2,7 +2,7 @@',
      '    │  b',
      '    │  c',
      '    │  d',
      '    │ -e',
      '    │ +E',
      '    │  f',
      '    │  g',
      '    │  h',
    ])
    const lines = renderCard(card, colored)
    expect(lines).toContain(`    │ ${colored.red('-e')}`)
    expect(lines).toContain(`    │ ${colored.green('+E')}`)
  })

  it('marks a side that loses its final newline, but not a snippet that never had one', () => {
    const render = (oldText: string, newText: string) =>
      renderCard(
        {
          state: 'pending',
          toolName: 'edit_file',
          view: { card: 'diff', title: 'Edit', diffs: [{ path: 'p', oldText, newText }] },
        },
        plain,
      ).slice(2)
    expect(render('x\n', 'y')).toEqual([
      '    │ @@ -1,1 +1,1 @@',
      '    │ -x',
      '    │ +y',
      '    │ \\ No newline at end of file',
    ])
    expect(render('x', 'y')).toEqual(['    │ @@ -1,1 +1,1 @@', '    │ -x', '    │ +y'])
    expect(render('same\n', 'same\n')).toEqual(['    │ (no changes)'])
  })

  it('uses no escape codes when colours are off', () => {
    const lines = renderCard(
      {
        state: 'pending',
        toolName: 'edit_file',
        view: {
          card: 'diff',
          title: 'Edit',
          diffs: [{ path: 'p', oldText: 'a\n', newText: 'b\n' }],
        },
      },
      plain,
    )
    expect(lines.join('\n')).not.toContain('\u001b[')
  })
})
