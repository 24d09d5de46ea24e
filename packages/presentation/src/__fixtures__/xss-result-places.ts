import { renderCardHtml } from '../render-card-html.js'
import type { ContentBlock } from '@toolpipe/core'
import { call, diff, nested, result, text } from './xss-place.js'
import type { Place } from './xss-place.js'

/**
 * Every string member of every result card kind, and the options that carry text: one row a
 * place a payload of the XSS corpus (xss-payloads.ts) goes into, read by
 * render-card-html-xss.test.ts.
 */
export const resultPlaces: readonly Place[] = [
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
