import { describe, expect, it } from 'vitest'
import { classesOf, parseHtml } from './__fixtures__/html-query.js'
import { renderCardHtml } from './render-card-html.js'
import type { RenderCardHtmlOptions } from './render-card-html.js'
import type { ToolCallView } from './tool-call-view.js'
import type { ToolResultView } from './tool-result-view.js'

const render = (view: ToolCallView | ToolResultView, options?: RenderCardHtmlOptions) =>
  parseHtml(renderCardHtml(view, options))

/** `renderCardHtml`: the cards it draws, and their diffs. */

const edit: ToolCallView = {
  card: 'diff',
  title: 'Edit greet.js',
  diffs: [
    {
      path: 'greet.js',
      oldText: 'a\nb\nc\nd\n',
      newText: 'a\nB\nc\nd\ne\n',
    },
  ],
}

describe('renderCardHtml: cards', () => {
  it('draws a pending terminal card: badge, command, tool name, description and cwd', () => {
    const html = render(
      { card: 'terminal', title: 'npm test', description: 'runs the tests', cwd: 'packages/a' },
      { state: 'pending', toolName: 'run_shell' },
    )
    expect(classesOf(html.one('tp-card'))).toEqual(['tp-card', 'tp-card-terminal', 'tp-pending'])
    expect(html.text(html.one('tp-status'))).toBe('pending')
    expect(html.text(html.one('tp-title'))).toBe('$npm test')
    expect(html.text(html.one('tp-prompt'))).toBe('$')
    expect(html.text(html.one('tp-tool'))).toBe('run_shell')
    expect(html.text(html.one('tp-description'))).toBe('runs the tests')
    expect(html.text(html.one('tp-cwd'))).toBe('in packages/a')
  })

  it('draws a completed terminal card with its output, exit code and the pending title', () => {
    const pending: ToolCallView = { card: 'terminal', title: 'node test.js' }
    const done = render(
      { card: 'terminal', output: 'ok\n', exitCode: 0 },
      { state: 'completed', pending, toolName: 'run_shell' },
    )
    expect(classesOf(done.one('tp-card'))).toContain('tp-done')
    expect(done.text(done.one('tp-title'))).toBe('$node test.js')
    expect(done.text(done.one('tp-terminal'))).toBe('ok')
    expect(done.text(done.one('tp-badge-ok'))).toBe('exit 0')

    const failed = render(
      { card: 'terminal', output: 'FAIL\n', exitCode: 1 },
      { state: 'completed', pending },
    )
    expect(classesOf(failed.one('tp-card'))).toContain('tp-failed')
    expect(failed.text(failed.one('tp-status'))).toBe('failed')
    expect(failed.text(failed.one('tp-badge-fail'))).toBe('exit 1')

    const killed = render({ card: 'terminal', signal: 'SIGTERM' }, { state: 'completed', pending })
    expect(classesOf(killed.one('tp-card'))).toContain('tp-failed')
    expect(killed.text(killed.one('tp-badge-fail'))).toBe('SIGTERM')
    expect(killed.all('tp-terminal')).toEqual([])
  })

  it('keeps a command a command when a failed call falls back to the generic card', () => {
    const html = render(
      { card: 'generic', content: [{ type: 'text', text: 'Error: rejected' }] },
      {
        state: 'completed',
        pending: { card: 'terminal', title: 'rm -rf x' },
        isError: true,
        errorCode: 'APPROVAL_REJECTED',
      },
    )
    expect(classesOf(html.one('tp-card'))).toEqual(['tp-card', 'tp-card-generic', 'tp-failed'])
    expect(html.text(html.one('tp-title'))).toBe('$rm -rf x')
    expect(html.text(html.one('tp-badge-fail'))).toBe('APPROVAL_REJECTED')
    expect(html.text(html.one('tp-text'))).toBe('Error: rejected')
    // So does the generic fallback, which repeats the pending title; another title is no command.
    const fallback = render(
      { card: 'generic', title: 'rm -rf x' },
      { state: 'completed', pending: { card: 'terminal', title: 'rm -rf x' } },
    )
    expect(fallback.text(fallback.one('tp-title'))).toBe('$rm -rf x')
    const titled = render(
      { card: 'generic', title: 'denied' },
      { state: 'completed', pending: { card: 'terminal', title: 'x' } },
    )
    expect(titled.all('tp-prompt')).toEqual([])
  })

  it('draws a generic card: kind, input as JSON, content blocks and locations', () => {
    const html = render(
      {
        card: 'generic',
        title: 'fetch page',
        kind: 'fetch',
        rawInput: { url: 'https://example.com', depth: 2 },
        content: [
          { type: 'text', text: 'hello' },
          { type: 'reasoning', text: 'thinking' },
          { type: 'image', data: 'A'.repeat(4000), mimeType: 'image/png' },
          { type: 'image', data: 'AAAA', mimeType: 'image/gif' },
          { type: 'image', data: 'A'.repeat(2_000_000) + '==', mimeType: 'image/webp' },
          { type: 'tool-call', id: 'c1' as never, name: 'read', arguments: '{"a":1}' },
          {
            type: 'tool-result',
            toolCallId: 'c1' as never,
            isError: true,
            content: [{ type: 'text', text: 'nope' }],
          },
          { type: 'resource-link', uri: 'https://example.com' } as never,
        ],
        locations: [{ path: 'src/a.ts', line: 3 }, { path: 'b.ts' }],
      },
      { state: 'pending', toolName: 'fetch_page' },
    )
    expect(html.text(html.one('tp-kind'))).toBe('fetch')
    expect(JSON.parse(html.text(html.one('tp-json')))).toEqual({
      url: 'https://example.com',
      depth: 2,
    })
    expect(html.all('tp-json')[0]?.childNodes.some((node) => 'tagName' in node)).toBe(false)
    expect(html.all('tp-text').map((element) => html.text(element))).toEqual([
      'hello',
      'thinking',
      '{"a":1}',
      'nope',
    ])
    expect(html.all('tp-reasoning')).toHaveLength(1)
    expect(html.all('tp-image').map((element) => html.text(element))).toEqual([
      'image image/png · 3.0 kB',
      'image image/gif · 3 B',
      'image image/webp · 1.5 MB',
    ])
    expect(html.text(html.one('tp-tool-call'))).toBe('tool call read{"a":1}')
    expect(html.text(html.one('tp-tool-result'))).toBe('tool errornope')
    expect(html.text(html.one('tp-other'))).toBe('resource-link block')
    expect(html.text(html.one('tp-locations'))).toBe('src/a.ts:3b.ts')
  })

  it('summarises tool results nested deeper than four levels', () => {
    let block = { type: 'text', text: 'deep' } as never
    for (let level = 0; level < 6; level += 1) {
      block = { type: 'tool-result', toolCallId: 'c', content: [block] } as never
    }
    const html = render({ card: 'generic', content: [block] })
    expect(html.all('tp-tool-result')).toHaveLength(4)
    expect(html.text()).not.toContain('deep')
    expect(html.text(html.one('tp-note'))).toBe('1 nested block')
  })

  it('renders a card without state without a badge, as either union', () => {
    expect(render({ card: 'terminal', title: 'ls' }).all('tp-status')).toEqual([])
    expect(
      classesOf(render({ card: 'terminal', output: 'x', exitCode: 3 }).one('tp-card')),
    ).toEqual(['tp-card', 'tp-card-terminal'])
    expect(
      render({ card: 'diff', diffs: [] }).text(render({ card: 'diff', diffs: [] }).one('tp-title')),
    ).toBe('')
  })

  it('shows the tool name only when the title is not already it', () => {
    const html = render({ card: 'generic', title: 'read_file' }, { toolName: 'read_file' })
    expect(html.all('tp-tool')).toEqual([])
    const untitled = render({ card: 'generic' }, { state: 'completed', toolName: 'read_file' })
    expect(untitled.text(untitled.one('tp-title'))).toBe('read_file')
  })
})

describe('renderCardHtml: diffs', () => {
  it('draws a unified diff with line numbers, signs and marked rows', () => {
    const html = render(edit, { state: 'pending' })
    expect(html.text(html.one('tp-diff-path'))).toBe('greet.js')
    expect(html.text(html.one('tp-hunk'))).toBe('@@ -1,4 +1,5 @@')
    const rows = html.all('tp-diff-table')[0]!.childNodes[0]!
    const cells = ('childNodes' in rows ? rows.childNodes : []).slice(1).map((row) => ({
      kind: classesOf(row as never)[0],
      cells: ('childNodes' in row ? row.childNodes : []).map((cell) => html.text(cell as never)),
    }))
    expect(cells).toEqual([
      { kind: 'tp-ctx', cells: ['1', '1', ' ', 'a'] },
      { kind: 'tp-del', cells: ['2', '', '-', 'b'] },
      { kind: 'tp-add', cells: ['', '2', '+', 'B'] },
      { kind: 'tp-ctx', cells: ['3', '3', ' ', 'c'] },
      { kind: 'tp-ctx', cells: ['4', '4', ' ', 'd'] },
      { kind: 'tp-add', cells: ['', '5', '+', 'e'] },
    ])
  })

  it('draws a split diff: removed and added lines paired, empty cells where a side has none', () => {
    const html = render(edit, { diffLayout: 'split' })
    expect(html.all('tp-diff-split')).toHaveLength(1)
    const rows = html
      .all('tp-change')
      .map((row) => row.childNodes.map((cell) => html.text(cell as never)))
    expect(rows).toEqual([
      ['2', '-', 'b', '2', '+', 'B'],
      ['', '', '', '5', '+', 'e'],
    ])
    expect(html.all('tp-empty')).toHaveLength(3)
    expect(html.all('tp-ctx')[0]!.childNodes.map((cell) => html.text(cell as never))).toEqual([
      '1',
      ' ',
      'a',
      '1',
      ' ',
      'a',
    ])
  })

  it('marks a new file, an unchanged file and a missing final newline', () => {
    const html = render({
      card: 'diff',
      diffs: [
        { path: 'new.js', oldText: null, newText: 'x\ny' },
        { path: 'same.js', oldText: 'a\n', newText: 'a\n' },
      ],
    })
    expect(html.text(html.one('tp-badge-new'))).toBe('new file')
    expect(html.text(html.all('tp-diff-path')[0])).toBe('new file new.js')
    expect(html.text(html.one('tp-hunk'))).toBe('@@ -0,0 +1,2 @@')
    expect(html.text(html.one('tp-eof'))).toBe('\\ No newline at end of file')
    expect(html.text(html.one('tp-note'))).toBe('no changes')
    const split = render(
      { card: 'diff', diffs: [{ path: 'a', oldText: 'a\n', newText: 'b' }] },
      { diffLayout: 'split' },
    )
    expect(split.one('tp-eof').childNodes.map((cell) => split.text(cell as never))).toEqual([
      '',
      '\\ No newline at end of file',
    ])
  })

  it('shows a line ending change as a visible carriage return', () => {
    const html = render({ card: 'diff', diffs: [{ path: 'a', oldText: 'x\r\n', newText: 'x\n' }] })
    expect(html.all('tp-del').map((row) => html.text(row))).toEqual(['1-x\u240d'])
    expect(html.all('tp-ctl')).toHaveLength(1)
  })

  it('takes context, and cuts a long diff at maxLines', () => {
    const oldText = Array.from({ length: 20 }, (_, index) => `line ${index}`).join('\n') + '\n'
    const newText = oldText.replace('line 10', 'LINE 10')
    expect(
      render({ card: 'diff', diffs: [{ path: 'a', oldText, newText }] }, { context: 0 }).all(
        'tp-ctx',
      ),
    ).toHaveLength(0)
    expect(
      render({ card: 'diff', diffs: [{ path: 'a', oldText, newText }] }, { context: 1 }).all(
        'tp-ctx',
      ),
    ).toHaveLength(2)
    const cut = render(
      { card: 'diff', diffs: [{ path: 'a', oldText: null, newText }] },
      { maxLines: 5 },
    )
    expect(cut.all('tp-add')).toHaveLength(4)
    expect(cut.text(cut.one('tp-note'))).toBe('… 16 more lines')
    // Hunk headers are not counted as lines.
    const twoHunks = newText.replace('line 1\n', 'LINE 1\n').replace('line 19', 'LINE 19')
    const counted = render(
      { card: 'diff', diffs: [{ path: 'a', oldText, newText: twoHunks }] },
      { maxLines: 2 },
    )
    expect(counted.text(counted.one('tp-note'))).toBe('… 18 more lines')
  })
})
