import { asCallId } from '@toolpipe/core'
import type { ContentBlock } from '@toolpipe/core'
import fc from 'fast-check'
import type { ToolCallKind } from '../tool-call-kind.js'
import type { ToolCallView } from '../tool-call-view.js'
import type { ToolResultView } from '../tool-result-view.js'

export const toolCallKinds: readonly ToolCallKind[] = [
  'read',
  'edit',
  'delete',
  'move',
  'search',
  'execute',
  'fetch',
  'other',
]

/** One block of every core kind, a nested tool result included. */
export const everyCoreBlock: ContentBlock[] = [
  { type: 'text', text: 'hello' },
  { type: 'reasoning', text: 'thinking' },
  { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
  { type: 'tool-call', id: asCallId('call_1'), name: 'read', arguments: '{"path":' },
  {
    type: 'tool-result',
    toolCallId: asCallId('call_1'),
    content: [{ type: 'text', text: 'inner' }],
    isError: true,
  },
  { type: 'tool-result', toolCallId: asCallId('call_2'), content: [] },
]

/** Valid pending cards, each labelled. */
export const validCallViews: readonly (readonly [string, ToolCallView])[] = [
  ['a minimal generic card', { card: 'generic', title: 'read' }],
  [
    'a generic card with every member',
    {
      card: 'generic',
      title: 'read a.ts',
      kind: 'read',
      rawInput: { path: 'a.ts', range: [1, 20], options: { follow: true, tag: null } },
      content: everyCoreBlock,
      locations: [{ path: '/repo/a.ts' }, { path: 'b.ts', line: 12 }],
    },
  ],
  ['a generic card with a scalar rawInput', { card: 'generic', title: 'x', rawInput: 'raw' }],
  ['a generic card with a null rawInput', { card: 'generic', title: 'x', rawInput: null }],
  ['a generic card with an empty title', { card: 'generic', title: '' }],
  ['a minimal terminal card', { card: 'terminal', title: 'npm test' }],
  [
    'a terminal card with every member',
    { card: 'terminal', title: 'npm test', description: 'run the tests', cwd: 'packages/core' },
  ],
  [
    'a diff card of a change',
    { card: 'diff', title: 'edit a.ts', diffs: [{ path: 'a.ts', oldText: 'a\n', newText: 'b\n' }] },
  ],
  [
    'a diff card of a new file, with locations',
    {
      card: 'diff',
      title: 'create b.ts',
      diffs: [{ path: 'b.ts', oldText: null, newText: 'export {}\n' }],
      locations: [{ path: 'b.ts', line: 1 }],
    },
  ],
  ['a diff card with no diffs', { card: 'diff', title: 'nothing changed', diffs: [] }],
]

/** Valid completed cards, each labelled. */
export const validResultViews: readonly (readonly [string, ToolResultView])[] = [
  ['a bare generic card', { card: 'generic' }],
  [
    'a generic card with title and content',
    { card: 'generic', title: 'read a.ts', content: everyCoreBlock },
  ],
  ['a bare terminal card', { card: 'terminal' }],
  ['a terminal card that exited', { card: 'terminal', title: 'ls', output: 'a\n', exitCode: 0 }],
  ['a terminal card with a negative exit code', { card: 'terminal', exitCode: -1 }],
  ['a terminal card that was killed', { card: 'terminal', output: '', signal: 'SIGTERM' }],
  [
    'a diff card',
    { card: 'diff', title: 'edited', diffs: [{ path: 'a.ts', oldText: null, newText: '' }] },
  ],
]

const text = fc.string({ maxLength: 12 })
const path = fc.string({ minLength: 1, maxLength: 12 })
const location = fc.record(
  { path, line: fc.integer({ min: 1, max: 10_000 }) },
  { requiredKeys: ['path'] },
)
const fileDiff = fc.record({ path, oldText: fc.option(text, { nil: null }), newText: text })
const block: fc.Arbitrary<ContentBlock> = fc.oneof(
  fc.record({ type: fc.constant('text' as const), text }),
  fc.record({ type: fc.constant('reasoning' as const), text }),
  fc.record({ type: fc.constant('image' as const), data: text, mimeType: text }),
  fc.record(
    {
      type: fc.constant('tool-result' as const),
      toolCallId: text.map(asCallId),
      content: fc.array(fc.record({ type: fc.constant('text' as const), text }), { maxLength: 2 }),
      isError: fc.boolean(),
    },
    { requiredKeys: ['type', 'toolCallId', 'content'] },
  ),
)

/** Any valid pending card. */
export const arbitraryCallView: fc.Arbitrary<ToolCallView> = fc.oneof(
  fc.record(
    {
      card: fc.constant('generic' as const),
      title: text,
      kind: fc.constantFrom(...toolCallKinds),
      // Through JSON text: fast-check may generate -0, which JSON cannot hold.
      rawInput: fc
        .jsonValue({ maxDepth: 3 })
        .map((value) => JSON.parse(JSON.stringify(value)) as unknown),
      content: fc.array(block, { maxLength: 3 }),
      locations: fc.array(location, { maxLength: 3 }),
    },
    { requiredKeys: ['card', 'title'] },
  ),
  fc.record(
    { card: fc.constant('terminal' as const), title: text, description: text, cwd: text },
    { requiredKeys: ['card', 'title'] },
  ),
  fc.record(
    {
      card: fc.constant('diff' as const),
      title: text,
      diffs: fc.array(fileDiff, { maxLength: 3 }),
      locations: fc.array(location, { maxLength: 3 }),
    },
    { requiredKeys: ['card', 'title', 'diffs'] },
  ),
)

/** Any valid completed card. */
export const arbitraryResultView: fc.Arbitrary<ToolResultView> = fc.oneof(
  fc.record(
    {
      card: fc.constant('generic' as const),
      title: text,
      content: fc.array(block, { maxLength: 3 }),
    },
    { requiredKeys: ['card'] },
  ),
  fc.record(
    {
      card: fc.constant('terminal' as const),
      title: text,
      output: text,
      exitCode: fc.integer({ min: -255, max: 255 }),
    },
    { requiredKeys: ['card'] },
  ),
  fc.record(
    { card: fc.constant('terminal' as const), title: text, output: text, signal: text },
    { requiredKeys: ['card'] },
  ),
  fc.record(
    {
      card: fc.constant('diff' as const),
      title: text,
      diffs: fc.array(fileDiff, { maxLength: 3 }),
    },
    { requiredKeys: ['card', 'diffs'] },
  ),
)

/** Content nested `depth` tool results deep, built without recursion. */
export function deeplyNestedContent(depth: number): ContentBlock[] {
  let content: ContentBlock[] = [{ type: 'text', text: 'bottom' }]
  for (let level = 0; level < depth; level++) {
    content = [{ type: 'tool-result', toolCallId: asCallId(`call_${level}`), content }]
  }
  return content
}
