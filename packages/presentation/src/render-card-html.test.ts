import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { attribute, classesOf, parseHtml } from './__fixtures__/html-query.js'
import { CardHtmlError } from './card-html-error.js'
import { cardStylesheet } from './card-stylesheet.js'
import { renderCardHtml } from './render-card-html.js'
import type { RenderCardHtmlOptions } from './render-card-html.js'
import type { ToolCallView } from './tool-call-view.js'
import type { ToolResultView } from './tool-result-view.js'

const render = (view: ToolCallView | ToolResultView, options?: RenderCardHtmlOptions) =>
  parseHtml(renderCardHtml(view, options))

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

describe('renderCardHtml: terminal output', () => {
  it('maps SGR colours to classes and drops every other sequence', () => {
    const html = renderCardHtml({
      card: 'terminal',
      output:
        '\u001b[1;32mPASS\u001b[0m \u001b]8;;javascript:alert(1)\u0007link\u001b]8;;\u0007 \u001b[2K\u001b[7minv\u001b[27m\u001b[31;41mhidden?\n',
    })
    // eslint-disable-next-line no-control-regex -- no escape code may reach the markup
    expect(html).not.toMatch(/[\u001b\u0007\u009b]/)
    const parsed = parseHtml(html)
    expect(parsed.text(parsed.one('tp-terminal'))).toBe('PASS link invhidden?')
    const spans = parsed.one('tp-terminal').childNodes.filter((node) => 'tagName' in node)
    expect(spans.map((span) => classesOf(span as never))).toEqual([
      ['tp-bold', 'tp-fg-2'],
      ['tp-fg-inverse', 'tp-bg-inverse'],
      // Red on red would hide the text: the foreground is left to the default.
      ['tp-bg-1'],
    ])
    expect(parsed.all('tp-link')).toEqual([])
  })

  it('swaps colours for inverse text', () => {
    const parsed = render({ card: 'terminal', output: '\u001b[7;31mx\u001b[0;7;44my' })
    const spans = parsed.one('tp-terminal').childNodes.map((span) => classesOf(span as never))
    expect(spans).toEqual([
      ['tp-fg-inverse', 'tp-bg-1'],
      ['tp-fg-4', 'tp-bg-inverse'],
    ])
  })

  it('keeps a first empty line that the HTML parser would drop after <pre>', () => {
    expect(render({ card: 'terminal', output: '\nsecond' }).text().endsWith('\nsecond')).toBe(true)
    const text = render({
      card: 'generic',
      title: 't',
      content: [{ type: 'text', text: '\n\nthird' }],
    })
    expect(text.text(text.one('tp-text'))).toBe('\n\nthird')
  })

  it('cuts output at maxLines and says how much is left', () => {
    const output = Array.from({ length: 1500 }, (_, index) => `line ${index}`).join('\n')
    const html = render({ card: 'terminal', output })
    expect(html.text(html.one('tp-terminal')).split('\n')).toHaveLength(1000)
    expect(html.text(html.one('tp-note'))).toBe('… 500 more lines')
    const all = render({ card: 'terminal', output }, { maxLines: Number.POSITIVE_INFINITY })
    expect(all.all('tp-note')).toEqual([])
    const one = render({ card: 'terminal', output: 'a\nb\n' }, { maxLines: 1 })
    expect(one.text(one.one('tp-note'))).toBe('… 1 more line')
  })
})

describe('renderCardHtml: text and links', () => {
  it('escapes markup and keeps the text as written', () => {
    const text = `<script>alert("x")</script> & 'quotes' &amp; &lt;`
    const html = renderCardHtml({ card: 'generic', title: text })
    expect(html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39; &amp;amp; &amp;lt;',
    )
    expect(parseHtml(html).text()).toBe(text)
  })

  it('shows controls, bidirectional controls and invisible characters as labels', () => {
    const html = render({
      card: 'generic',
      title: 'a\u0000b\u001bc\u007fd\u0085e\u202ef\u2066g\u200bh\ufeffi\u061cj\td\u2028k',
    })
    expect(html.text(html.one('tp-title'))).toBe(
      'a\u2400b\u241bc\u2421dU+0085eU+202EfU+2066gU+200BhU+FEFFiU+061Cj\td\u2028k',
    )
    expect(html.all('tp-ctl')).toHaveLength(9)
  })

  it('replaces lone surrogates and keeps pairs', () => {
    const html = render({ card: 'generic', title: 'a\ud800b\udc00c\ud83d\ude00' })
    expect(html.text(html.one('tp-title'))).toBe('a\ufffdb\ufffdc\ud83d\ude00')
  })

  it('links http and https URLs in text and output, with safe attributes', () => {
    const html = render({
      card: 'generic',
      title: 't',
      content: [
        {
          type: 'text',
          text: 'see https://example.com/a?b=1&c=2. or (http://example.org/x_(y)) HTTPS://EXAMPLE.NET',
        },
      ],
    })
    const links = html.all('tp-link')
    expect(links.map((link) => attribute(link, 'href'))).toEqual([
      'https://example.com/a?b=1&c=2',
      'http://example.org/x_(y)',
      'https://example.net/',
    ])
    expect(links.map((link) => html.text(link))).toEqual([
      'https://example.com/a?b=1&c=2',
      'http://example.org/x_(y)',
      'HTTPS://EXAMPLE.NET',
    ])
    expect(links[0]?.attrs).toEqual([
      { name: 'class', value: 'tp-link' },
      { name: 'href', value: 'https://example.com/a?b=1&c=2' },
      { name: 'rel', value: 'noopener noreferrer nofollow' },
      { name: 'referrerpolicy', value: 'no-referrer' },
      { name: 'target', value: '_blank' },
    ])
    const output = render({
      card: 'terminal',
      output: '\u001b[34mhttps://example.com/docs\u001b[0m',
    })
    expect(attribute(output.one('tp-link'), 'href')).toBe('https://example.com/docs')
  })

  it('links no other scheme, no URL with credentials and nothing the URL parser refuses', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,x',
      'https://good.example@evil.example/',
      'https://user:pass@example.com/',
      'http://[::1',
      'https://',
      'ftp://example.com/',
      'xhttps://example.com/',
    ]) {
      expect(
        render({ card: 'generic', title: 't', content: [{ type: 'text', text }] }).all('tp-link'),
        text,
      ).toEqual([])
    }
  })

  it('links nothing with links: false, and never in titles, paths or raw input', () => {
    const url = 'https://example.com/'
    expect(render({ card: 'terminal', output: url }, { links: false }).all('tp-link')).toEqual([])
    const html = render({
      card: 'diff',
      title: url,
      diffs: [{ path: url, oldText: null, newText: url }],
      locations: [{ path: url }],
    })
    expect(html.all('tp-link')).toEqual([])
    expect(render({ card: 'generic', title: url, rawInput: url }).all('tp-link')).toEqual([])
  })
})

describe('renderCardHtml: the stylesheet', () => {
  it('puts the package stylesheet first with stylesheet: true, and no <style> otherwise', async () => {
    const with_ = renderCardHtml({ card: 'terminal', title: 'x' }, { stylesheet: true })
    expect(with_.startsWith(`<style>${cardStylesheet}</style><article`)).toBe(true)
    expect(renderCardHtml({ card: 'terminal', title: 'x' })).not.toContain('<style')
    expect(cardStylesheet).not.toMatch(/<\/style|url\(|@import|expression/i)
    // The file shipped as @toolpipe/presentation/cards.css is the same text (written by the build).
    const shipped = await readFile(new URL('../dist/cards.css', import.meta.url), 'utf8')
    expect(shipped).toBe(cardStylesheet)
  })

  it('styles every class the renderer writes', () => {
    const classes = [
      ...new Set(
        [
          ...renderCardHtml(
            { card: 'terminal', output: '\u001b[1;2;3;4;9;31;42mx\u001b[0;7my https://a.example' },
            { state: 'completed', pending: { card: 'terminal', title: 'x' } },
          ).matchAll(/class="([^"]+)"/g),
        ].flatMap((match) => match[1]!.split(' ')),
      ),
    ]
    for (const name of classes) {
      if (['tp-card-terminal', 'tp-card-body'].includes(name)) continue
      expect(cardStylesheet, name).toContain(`.${name}`)
    }
  })
})

describe('renderCardHtml: bad input', () => {
  it('throws CardHtmlError with the issues of a view that is not a card', () => {
    const error = (() => {
      try {
        renderCardHtml({ card: 'terminal', exitcode: 1 } as never, { state: 'completed' })
      } catch (caught) {
        return caught
      }
      return undefined
    })()
    expect(error).toBeInstanceOf(CardHtmlError)
    expect(error).toMatchObject({
      name: 'CardHtmlError',
      code: 'INVALID_CARD',
      issues: [{ code: 'unknown_property', path: ['exitcode'] }],
    })
    expect((error as Error).message).toBe(
      'renderCardHtml: the view is not a valid card: "exitcode" is not a property of a terminal result card',
    )
  })

  it('reads the view as the union its state names', () => {
    // A valid result card, but no valid pending card (a pending card needs a title).
    expect(() => renderCardHtml({ card: 'terminal', output: 'x' }, { state: 'pending' })).toThrow(
      CardHtmlError,
    )
    expect(() =>
      renderCardHtml({ card: 'terminal', title: 't', cwd: '.' }, { state: 'completed' }),
    ).toThrow(/"cwd" is not a property of a terminal result card/)
    // Without a state, the union that came closer names the problems.
    expect(() => renderCardHtml({ card: 'terminal', output: 'x', exitCode: 1.5 } as never)).toThrow(
      /exitCode/,
    )
    expect(() =>
      renderCardHtml({ card: 'generic', title: 't', locations: [{ path: 'a', line: 0 }] } as never),
    ).toThrow(/locations\[0\]\.line/)
  })

  it('lists at most three issues in the message, and all of them in issues', () => {
    try {
      renderCardHtml({ card: 'terminal', a: 1, b: 2, c: 3, d: 4 } as never, { state: 'completed' })
      expect.unreachable()
    } catch (error) {
      expect((error as CardHtmlError).issues).toHaveLength(4)
      expect((error as Error).message).toMatch(/; and 1 more$/)
    }
  })

  it('refuses hostile views without throwing anything else', () => {
    const cycle: Record<string, unknown> = { card: 'generic', title: 't' }
    cycle.rawInput = cycle
    const throwing = Object.defineProperty({ card: 'generic' }, 'title', {
      enumerable: true,
      get() {
        throw new Error('boom')
      },
    })
    const proxy = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('trap')
        },
      },
    )
    for (const view of [
      null,
      42,
      'card',
      [],
      cycle,
      throwing,
      proxy,
      { card: 'table', title: 't' },
    ]) {
      expect(() => renderCardHtml(view as never)).toThrow(CardHtmlError)
    }
  })

  it('checks the pending card, naming its issues under pending', () => {
    try {
      renderCardHtml(
        { card: 'terminal' },
        { state: 'completed', pending: { card: 'terminal' } as never },
      )
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(CardHtmlError)
      expect((error as CardHtmlError).issues).toMatchObject([
        { code: 'missing', path: ['pending', 'title'] },
      ])
      expect((error as Error).message).toMatch(
        /^renderCardHtml: options\.pending is not a valid card/,
      )
    }
  })

  it('refuses options of the wrong type or out of range', () => {
    const view: ToolCallView = { card: 'terminal', title: 'x' }
    expect(() => renderCardHtml(view, 5 as never)).toThrow(
      new TypeError('renderCardHtml: options must be an object, got number'),
    )
    expect(() => renderCardHtml(view, { state: 'done' as never })).toThrow(
      new TypeError('renderCardHtml: state must be "pending" or "completed", got "done"'),
    )
    expect(() => renderCardHtml(view, { diffLayout: 2 as never })).toThrow(
      /diffLayout must be "unified" or "split", got number/,
    )
    expect(() => renderCardHtml(view, { toolName: 1 as never })).toThrow(TypeError)
    expect(() => renderCardHtml(view, { errorCode: null as never })).toThrow(TypeError)
    expect(() => renderCardHtml(view, { links: 'yes' as never })).toThrow(
      /links must be a boolean, got string/,
    )
    expect(() => renderCardHtml(view, { isError: 1 as never })).toThrow(TypeError)
    expect(() => renderCardHtml(view, { stylesheet: 1 as never })).toThrow(TypeError)
    expect(() => renderCardHtml(view, { maxLines: '5' as never })).toThrow(TypeError)
    expect(() => renderCardHtml(view, { maxLines: 0 })).toThrow(
      new RangeError(
        'renderCardHtml: maxLines must be an integer of at least 1 or Infinity, got 0',
      ),
    )
    expect(() => renderCardHtml(view, { context: -1 })).toThrow(RangeError)
    expect(() => renderCardHtml(view, { maxEditLength: 1.5 })).toThrow(RangeError)
    expect(() => renderCardHtml(view, { context: Number.NaN })).toThrow(RangeError)
  })
})
