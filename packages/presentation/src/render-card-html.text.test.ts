import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { attribute, classesOf, parseHtml } from './__fixtures__/html-query.js'
import { cardStylesheet } from './card-stylesheet.js'
import { renderCardHtml } from './render-card-html.js'
import type { RenderCardHtmlOptions } from './render-card-html.js'
import type { ToolCallView } from './tool-call-view.js'
import type { ToolResultView } from './tool-result-view.js'

const render = (view: ToolCallView | ToolResultView, options?: RenderCardHtmlOptions) =>
  parseHtml(renderCardHtml(view, options))

/** `renderCardHtml`: terminal output, text and links as they show in a card, and the stylesheet. */

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
