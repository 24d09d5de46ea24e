import type { ContentBlock } from '@toolpipe/core'
import { describe, expect, it } from 'vitest'
import { auditCardHtml } from './__fixtures__/card-html-audit.js'
import { xssPayloads } from './__fixtures__/xss-payloads.js'
import type { RenderCardHtmlOptions } from './render-card-html.js'
import { renderCardHtml } from './render-card-html.js'
import type { ToolCallView } from './tool-call-view.js'
import type { ToolResultView } from './tool-result-view.js'

/** One place a payload goes: a card with the payload in that place and plain text elsewhere. */
interface Place {
  readonly name: string
  readonly render: (payload: string, options: RenderCardHtmlOptions) => string
  /**
   * Whether the payload's text must show verbatim in the card (for payloads without control,
   * bidirectional or invisible characters, line breaks or escape sequences): escaping must lose
   * nothing. `hidden`: the payload must not appear at all (an image's data).
   */
  readonly shows: 'verbatim' | 'hidden' | 'transformed'
}

const call = (view: ToolCallView, options: RenderCardHtmlOptions): string =>
  renderCardHtml(view, { ...options, state: 'pending' })
const result = (view: ToolResultView, options: RenderCardHtmlOptions): string =>
  renderCardHtml(view, { ...options, state: 'completed' })

const text = (payload: string): ContentBlock[] => [{ type: 'text', text: payload }]
const diff = (path: string, oldText: string | null, newText: string) => [{ path, oldText, newText }]

/** Every string member of every card kind, and the options that carry text. */
const places: readonly Place[] = [
  // Generic call card
  {
    name: 'generic call title',
    shows: 'verbatim',
    render: (p, o) => call({ card: 'generic', title: p }, o),
  },
  {
    name: 'generic call rawInput value',
    shows: 'transformed',
    render: (p, o) => call({ card: 'generic', title: 't', rawInput: { command: p, list: [p] } }, o),
  },
  {
    name: 'generic call rawInput key',
    shows: 'transformed',
    render: (p, o) => call({ card: 'generic', title: 't', rawInput: { [p]: 1 } }, o),
  },
  {
    name: 'generic call rawInput string',
    shows: 'transformed',
    render: (p, o) => call({ card: 'generic', title: 't', rawInput: p }, o),
  },
  {
    name: 'generic call text block',
    shows: 'verbatim',
    render: (p, o) => call({ card: 'generic', title: 't', content: text(p) }, o),
  },
  {
    name: 'generic call reasoning block',
    shows: 'verbatim',
    render: (p, o) =>
      call({ card: 'generic', title: 't', content: [{ type: 'reasoning', text: p }] }, o),
  },
  {
    name: 'generic call image mimeType',
    shows: 'verbatim',
    render: (p, o) =>
      call(
        { card: 'generic', title: 't', content: [{ type: 'image', data: 'AAAA', mimeType: p }] },
        o,
      ),
  },
  {
    name: 'generic call image data',
    shows: 'hidden',
    render: (p, o) =>
      call(
        {
          card: 'generic',
          title: 't',
          content: [{ type: 'image', data: p, mimeType: 'image/png' }],
        },
        o,
      ),
  },
  {
    name: 'generic call locations path',
    shows: 'verbatim',
    render: (p, o) =>
      call({ card: 'generic', title: 't', locations: [{ path: p, line: 3 }, { path: p }] }, o),
  },
  {
    name: 'generic call kind beside a payload title',
    shows: 'verbatim',
    render: (p, o) => call({ card: 'generic', title: p, kind: 'fetch' }, o),
  },
  // Terminal call card
  {
    name: 'terminal call title',
    shows: 'verbatim',
    render: (p, o) => call({ card: 'terminal', title: p }, o),
  },
  {
    name: 'terminal call description',
    shows: 'verbatim',
    render: (p, o) => call({ card: 'terminal', title: 't', description: p }, o),
  },
  {
    name: 'terminal call cwd',
    shows: 'verbatim',
    render: (p, o) => call({ card: 'terminal', title: 't', cwd: p }, o),
  },
  // Diff call card
  {
    name: 'diff call title',
    shows: 'verbatim',
    render: (p, o) => call({ card: 'diff', title: p, diffs: diff('a.ts', 'a\n', 'b\n') }, o),
  },
  {
    name: 'diff call path',
    shows: 'verbatim',
    render: (p, o) => call({ card: 'diff', title: 't', diffs: diff(p, 'a\n', 'b\n') }, o),
  },
  {
    name: 'diff call new file path',
    shows: 'verbatim',
    render: (p, o) => call({ card: 'diff', title: 't', diffs: diff(p, null, 'b\n') }, o),
  },
  {
    name: 'diff call oldText',
    shows: 'verbatim',
    render: (p, o) =>
      call({ card: 'diff', title: 't', diffs: diff('a.ts', `x\n${p}\ny\n`, 'x\ny\n') }, o),
  },
  {
    name: 'diff call newText',
    shows: 'verbatim',
    render: (p, o) =>
      call({ card: 'diff', title: 't', diffs: diff('a.ts', 'x\ny\n', `x\n${p}\ny\n`) }, o),
  },
  {
    name: 'diff call texts without final newlines',
    shows: 'verbatim',
    render: (p, o) =>
      call({ card: 'diff', title: 't', diffs: diff('a.ts', `x\n${p}`, `${p}\nx`) }, o),
  },
  {
    name: 'diff call new file text',
    shows: 'verbatim',
    render: (p, o) => call({ card: 'diff', title: 't', diffs: diff('a.ts', null, p) }, o),
  },
  {
    name: 'diff call locations path',
    shows: 'verbatim',
    render: (p, o) => call({ card: 'diff', title: 't', diffs: [], locations: [{ path: p }] }, o),
  },
  // Generic result card
  {
    name: 'generic result title',
    shows: 'verbatim',
    render: (p, o) => result({ card: 'generic', title: p }, o),
  },
  {
    name: 'generic result text block',
    shows: 'verbatim',
    render: (p, o) => result({ card: 'generic', content: text(p) }, o),
  },
  {
    name: 'generic result reasoning block',
    shows: 'verbatim',
    render: (p, o) => result({ card: 'generic', content: [{ type: 'reasoning', text: p }] }, o),
  },
  {
    name: 'generic result image',
    shows: 'verbatim',
    render: (p, o) =>
      result({ card: 'generic', content: [{ type: 'image', data: 'AAAA', mimeType: p }] }, o),
  },
  {
    name: 'generic result tool-call block name',
    shows: 'verbatim',
    render: (p, o) =>
      result(
        {
          card: 'generic',
          content: [{ type: 'tool-call', id: 'c' as never, name: p, arguments: '{}' }],
        },
        o,
      ),
  },
  {
    name: 'generic result tool-call block arguments',
    shows: 'verbatim',
    render: (p, o) =>
      result(
        {
          card: 'generic',
          content: [{ type: 'tool-call', id: p as never, name: 'n', arguments: p }],
        },
        o,
      ),
  },
  {
    name: 'generic result tool-result block',
    shows: 'verbatim',
    render: (p, o) =>
      result(
        {
          card: 'generic',
          content: [
            {
              type: 'tool-result',
              toolCallId: p as never,
              isError: true,
              content: [{ type: 'tool-result', toolCallId: 'x' as never, content: text(p) }],
            },
          ],
        },
        o,
      ),
  },
  {
    name: 'generic result deeply nested tool-result',
    shows: 'hidden',
    render: (p, o) => result({ card: 'generic', content: [nested(p, 6)] }, o),
  },
  {
    name: 'generic result block of an unknown type',
    shows: 'verbatim',
    render: (p, o) =>
      result({ card: 'generic', content: [{ type: p, [p]: p } as unknown as ContentBlock] }, o),
  },
  // Terminal result card
  {
    name: 'terminal result title',
    shows: 'verbatim',
    render: (p, o) => result({ card: 'terminal', title: p, exitCode: 1 }, o),
  },
  {
    name: 'terminal result output',
    shows: 'verbatim',
    render: (p, o) => result({ card: 'terminal', output: p, exitCode: 0 }, o),
  },
  {
    name: 'terminal result output between styles',
    shows: 'transformed',
    render: (p, o) =>
      result(
        {
          card: 'terminal',
          output: `\u001b[1;31mred ${p}\u001b[0m ${p}\n\u001b[7m${p}`,
          exitCode: 2,
        },
        o,
      ),
  },
  {
    name: 'terminal result signal',
    shows: 'verbatim',
    render: (p, o) => result({ card: 'terminal', output: 'x', signal: p }, o),
  },
  // Diff result card
  {
    name: 'diff result title',
    shows: 'verbatim',
    render: (p, o) => result({ card: 'diff', title: p, diffs: diff('a.ts', 'a\n', 'b\n') }, o),
  },
  {
    name: 'diff result path and texts',
    shows: 'verbatim',
    render: (p, o) => result({ card: 'diff', diffs: diff(p, `${p}\n`, `${p}!\n`) }, o),
  },
  // Options that carry text
  {
    name: 'option toolName',
    shows: 'verbatim',
    render: (p, o) => call({ card: 'terminal', title: 't' }, { ...o, toolName: p }),
  },
  {
    name: 'option errorCode',
    shows: 'verbatim',
    render: (p, o) => result({ card: 'generic' }, { ...o, isError: true, errorCode: p }),
  },
  {
    name: 'option pending title',
    shows: 'verbatim',
    render: (p, o) =>
      result({ card: 'terminal', output: 'x' }, { ...o, pending: { card: 'terminal', title: p } }),
  },
  {
    name: 'a card without a state',
    shows: 'verbatim',
    render: (p, o) => renderCardHtml({ card: 'generic', title: p, content: text(p) }, o),
  },
]

function nested(payload: string, depth: number): ContentBlock {
  let block: ContentBlock = { type: 'text', text: payload }
  for (let level = 0; level < depth; level += 1) {
    block = { type: 'tool-result', toolCallId: 'c' as never, content: [block] }
  }
  return block
}

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
