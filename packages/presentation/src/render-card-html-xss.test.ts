import type { ContentBlock } from '@toolpipe/core'
import { describe, expect, it } from 'vitest'
import { auditCardHtml } from './__fixtures__/card-html-audit.js'
import { xssPayloads } from './__fixtures__/xss-payloads.js'
import type { RenderCardHtmlOptions } from './render-card-html.js'
import { renderCardHtml } from './render-card-html.js'
import type { ToolCallView } from './tool-call-view.js'
import type { ToolResultView } from './tool-result-view.js'
import { callPlaces } from './__fixtures__/xss-call-places.js'
import { diff, text } from './__fixtures__/xss-place.js'
import { resultPlaces } from './__fixtures__/xss-result-places.js'

/** Every string member of every card kind, and the options that carry text. */
const places = [...callPlaces, ...resultPlaces]

/** Characters a card shows as labels or reads as terminal controls, and line breaks. */
const notVerbatim =
  // eslint-disable-next-line no-control-regex -- control characters are what this finds
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff\u2028\u2029\ud800-\udfff]/

/** Every combination of the options that change the markup. */
const optionSets: readonly RenderCardHtmlOptions[] = [
  {},
  { diffLayout: 'split', stylesheet: true },
  { links: false, maxLines: 1 },
]

describe('renderCardHtml against the XSS corpus', () => {
  it('has at least 100 payloads, each with its source', () => {
    expect(xssPayloads.length).toBeGreaterThanOrEqual(100)
    for (const { payload, source } of xssPayloads) {
      expect(payload).not.toBe('')
      expect(source).toMatch(
        /^(OWASP|PortSwigger|html5sec|DOMPurify|Trojan Source|xterm|WHATWG|Unicode)/,
      )
    }
    expect(new Set(xssPayloads.map(({ payload }) => payload)).size).toBe(xssPayloads.length)
  })

  describe.each(places)('in the $name', (place) => {
    it.each(xssPayloads)('$source', ({ payload }) => {
      for (const options of optionSets) {
        const fragment = place.render(payload, options)
        const audit = auditCardHtml(fragment, { stylesheet: options.stylesheet === true })
        expect(audit.problems, fragment).toEqual([])
        // Links only where the visible text is that very http(s) URL.
        for (const href of audit.hrefs) expect(href).toMatch(/^https?:\/\/[^\s"'<>]+$/)
        if (place.shows === 'hidden') expect(audit.text).not.toContain(payload)
        if (place.shows === 'verbatim' && !notVerbatim.test(payload) && options.maxLines !== 1) {
          expect(audit.text).toContain(payload)
        }
      }
    })
  })

  it('shows every payload of a whole card of each kind, all fields at once, with nothing of it as markup', () => {
    for (const { payload } of xssPayloads) {
      const blocks: ContentBlock[] = [
        { type: 'text', text: payload },
        { type: 'reasoning', text: payload },
        { type: 'image', data: payload, mimeType: payload },
        { type: 'tool-call', id: payload as never, name: payload, arguments: payload },
        { type: 'tool-result', toolCallId: payload as never, content: text(payload) },
        { type: payload, [payload]: payload } as unknown as ContentBlock,
      ]
      const locations = [{ path: payload, line: 1 }]
      const diffs = diff(payload, `${payload}\n`, `${payload}\n${payload}`)
      const pending: ToolCallView = {
        card: 'terminal',
        title: payload,
        description: payload,
        cwd: payload,
      }
      const cards: [ToolCallView | ToolResultView, RenderCardHtmlOptions][] = [
        [
          {
            card: 'generic',
            title: payload,
            kind: 'other',
            rawInput: { [payload]: payload },
            content: blocks,
            locations,
          },
          { state: 'pending' },
        ],
        [pending, { state: 'pending', toolName: payload }],
        [
          { card: 'diff', title: payload, diffs, locations },
          { state: 'pending', diffLayout: 'split' },
        ],
        [
          { card: 'generic', title: payload, content: blocks },
          { state: 'completed', isError: true, errorCode: payload },
        ],
        [
          { card: 'terminal', title: payload, output: payload, signal: payload },
          { state: 'completed', pending },
        ],
        [
          { card: 'diff', title: payload, diffs },
          { state: 'completed', stylesheet: true, toolName: payload },
        ],
      ]
      for (const [view, options] of cards) {
        const audit = auditCardHtml(renderCardHtml(view, options), {
          stylesheet: options.stylesheet === true,
        })
        expect(audit.problems).toEqual([])
      }
    }
  })
})
