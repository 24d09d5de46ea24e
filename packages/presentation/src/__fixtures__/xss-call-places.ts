import { call, diff, text } from './xss-place.js'
import type { Place } from './xss-place.js'

/**
 * Every string member of every call card kind: one row a place a payload of the XSS corpus
 * (xss-payloads.ts) goes into, read by render-card-html-xss.test.ts.
 */
export const callPlaces: readonly Place[] = [
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
]
