import { isHarnessError } from '@toolpipe/core'
import type { ToolCallView } from '@toolpipe/presentation'
import { describe, expect, it } from 'vitest'
import { AcpBridgeError } from './acp-bridge-error.js'
import { cwd, everyKind } from './__fixtures__/cards.js'
import { toAcpToolCall } from './to-acp-tool-call.js'
import type { AcpToolCallContext } from './to-acp-tool-call.js'
import { schemaCheckedCall as call } from './__fixtures__/schema-checked.js'
import { revokedProxy } from '@toolpipe/hostile-values'

/** `toAcpToolCall`: views that are not cards, the context it refuses, every card valid ACP. */

describe('toAcpToolCall: views that are not valid cards', () => {
  const revoked = revokedProxy()
  const cyclic: Record<string, unknown> = { card: 'generic', title: 't' }
  cyclic.rawInput = cyclic

  it.each([
    ['null', null],
    ['a string', 'npm test'],
    ['an empty object', {}],
    ['an unknown card', { card: 'chart', title: 't' }],
    ['a diff card without diffs', { card: 'diff', title: 'edit' }],
    ['a misspelt member', { card: 'terminal', title: 'ls', Cwd: '/tmp' }],
    ['a kind ACP has but cards do not', { card: 'generic', title: 't', kind: 'think' }],
    ['a line of 0', { card: 'generic', title: 't', locations: [{ path: 'a', line: 0 }] }],
    [
      'an empty path',
      { card: 'diff', title: 't', diffs: [{ path: '', oldText: null, newText: '' }] },
    ],
    ['a content block without text', { card: 'generic', title: 't', content: [{ type: 'text' }] }],
    ['rawInput that is not JSON', { card: 'generic', title: 't', rawInput: () => 1 }],
    ['a cyclic rawInput', cyclic],
    [
      'a throwing getter',
      Object.defineProperty({ card: 'generic' }, 'title', {
        enumerable: true,
        get: () => {
          throw new Error('boom')
        },
      }),
    ],
    ['a revoked proxy', revoked],
  ])('%s becomes a generic card titled with the tool name', (_, view) => {
    expect(call(view, { toolName: 'shell' })).toEqual({
      sessionUpdate: 'tool_call',
      toolCallId: 'call_1',
      title: 'shell',
      kind: 'other',
      status: 'pending',
      name: 'shell',
    })
  })

  it('reads a getter once, so a card cannot change between check and use', () => {
    let reads = 0
    const view = {
      card: 'generic',
      get title() {
        reads += 1
        return reads === 1 ? '/srv/app/a.ts' : 42
      },
    }
    expect(call(view).title).toBe('a.ts')
    expect(reads).toBe(1)
  })
})

describe('toAcpToolCall: context', () => {
  it.each([
    ['context', null, 'toAcpToolCall: context must be an object, got null'],
    ['cwd', { toolCallId: 'c' }, 'toAcpToolCall: context.cwd must be a string, got undefined'],
    [
      'relative cwd',
      { toolCallId: 'c', cwd: 'srv/app' },
      'toAcpToolCall: context.cwd must be an absolute path, got "srv/app"',
    ],
    [
      'toolCallId',
      { toolCallId: 7, cwd },
      'toAcpToolCall: context.toolCallId must be a string, got 7',
    ],
    [
      'terminalOutput',
      { toolCallId: 'c', cwd, terminalOutput: 'yes' },
      'toAcpToolCall: context.terminalOutput must be a boolean, got "yes"',
    ],
    [
      'toolName',
      { toolCallId: 'c', cwd, toolName: null },
      'toAcpToolCall: context.toolName must be a string, got null',
    ],
  ])('refuses a bad %s with INVALID_CONTEXT', (_, context, message) => {
    let thrown: unknown
    try {
      toAcpToolCall({ card: 'generic', title: 't' }, context as AcpToolCallContext)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(AcpBridgeError)
    expect(isHarnessError(thrown)).toBe(true)
    expect(thrown).toMatchObject({ name: 'AcpBridgeError', code: 'INVALID_CONTEXT', message })
  })

  it('accepts a fully qualified Windows cwd', () => {
    const update = call(
      {
        card: 'diff',
        title: 'C:\\work\\app\\a.ts',
        diffs: [{ path: 'a.ts', oldText: null, newText: '' }],
      },
      { cwd: 'C:\\work\\app' },
    )
    expect(update.title).toBe('a.ts')
    expect(update.content).toEqual([
      { type: 'diff', path: 'C:\\work\\app\\a.ts', oldText: null, newText: '' },
    ])
  })
})

describe('toAcpToolCall: every card, with and without terminal output, is valid ACP', () => {
  const cards: Record<string, ToolCallView> = {
    generic: {
      card: 'generic',
      title: '/srv/app/a.ts',
      kind: 'search',
      rawInput: { q: 'x' },
      content: everyKind,
      locations: [{ path: 'a.ts', line: 3 }],
    },
    'bare generic': { card: 'generic', title: '' },
    diff: {
      card: 'diff',
      title: '/srv/app/a.ts',
      diffs: [{ path: 'a.ts', oldText: 'a', newText: 'b' }],
      locations: [{ path: 'a.ts' }],
    },
    terminal: { card: 'terminal', title: 'make', description: 'Build', cwd: '/tmp' },
    'bare terminal': { card: 'terminal', title: 'make' },
  }
  const cases = Object.entries(cards).flatMap(([name, view]) =>
    [false, true].map((terminalOutput) => ({ name, view, terminalOutput })),
  )

  it.each(cases)('$name (terminal output: $terminalOutput)', ({ view, terminalOutput }) => {
    const mapped = call(view, { terminalOutput, toolName: 'tool' })
    expect(mapped.status).toBe('pending')
    expect(mapped._meta !== undefined).toBe(view.card === 'terminal' && terminalOutput)
    expect(mapped.kind).toBe(
      view.card === 'terminal' ? 'execute' : view.card === 'diff' ? 'edit' : (view.kind ?? 'other'),
    )
  })
})
