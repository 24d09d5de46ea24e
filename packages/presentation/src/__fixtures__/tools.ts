import type { PresentableTool } from '../presentable-tool.js'
import type { ToolCallView } from '../tool-call-view.js'
import type { ToolResult } from '../tool-result.js'
import type { ToolResultView } from '../tool-result-view.js'
import { revokedProxy, throwingProxy } from '@toolpipe/hostile-values'

/** Throws anything: plugin code is not bound to throw Errors. */
export function raise(thrown: unknown): never {
  throw thrown
}

/**
 * Presenters that must all fall back, each labelled. Typed loosely on purpose: plugin code is
 * JavaScript as often as not.
 */
export function brokenPresenters(): readonly (readonly [string, unknown])[] {
  return [
    ['returns undefined', () => undefined],
    [
      'throws an Error',
      () => {
        throw new Error('presenter bug')
      },
    ],
    ['throws a string', () => raise('presenter bug')],
    ['throws undefined', () => raise(undefined)],
    ['throws a revoked Proxy', () => raise(revokedProxy())],
    ['returns null', () => null],
    ['returns a string', () => 'a card'],
    ['returns an array', () => [{ card: 'generic', title: 't' }]],
    ['returns a card without its required member', () => ({ card: 'diff', title: 'edit' })],
    ['returns a malformed view object', () => ({ card: 'terminal', title: 1, exitcode: 0 })],
    ['returns an unknown card', () => ({ card: 'table', title: 't' })],
    [
      'returns a Proxy whose traps throw',
      () => throwingProxy({ card: 'generic', title: 't' }, new Error('trap')),
    ],
    ['returns a revoked Proxy', () => revokedProxy()],
    [
      'returns a view with a throwing getter',
      () => ({
        card: 'generic',
        get title(): string {
          throw new Error('getter')
        },
      }),
    ],
    [
      'returns a view with rawInput that is not JSON',
      () => ({ card: 'generic', title: 't', rawInput: () => 1 }),
    ],
    ['returns a Promise of a card', () => Promise.resolve({ card: 'generic', title: 't' })],
    ['is not a function', 'presentCall'],
    ['is a Proxy whose apply trap throws', throwingProxy(() => undefined, new Error('apply'))],
  ]
}

/** A tool whose presenter `key` is `presenter`, possibly not even a function. */
export function toolWith(
  key: 'presentCall' | 'presentResult',
  presenter: unknown,
  name = 'shell',
): PresentableTool {
  return { name, [key]: presenter }
}

/** A shell tool that presents its calls as terminal cards. */
export const shellTool = {
  name: 'shell',
  presentCall(args: unknown): ToolCallView | undefined {
    const command = (args as { command?: unknown } | null)?.command
    return typeof command === 'string' ? { card: 'terminal', title: command } : undefined
  },
  presentResult(_args: unknown, result: ToolResult): ToolResultView | undefined {
    const first = result.content[0]
    return first?.type === 'text'
      ? { card: 'terminal', output: first.text, exitCode: 0 }
      : undefined
  },
} satisfies PresentableTool

/** A tool result of one text block. */
export function textResult(text: string, isError = false): ToolResult {
  return { content: [{ type: 'text', text }], isError }
}
