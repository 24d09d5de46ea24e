import { describe, expect, it, vi } from 'vitest'
import { brokenPresenters, shellTool, toolWith } from './__fixtures__/tools.js'
import { revokedProxy, throwingProxy } from '@toolpipe/hostile-values'
import { validCallViews } from './__fixtures__/views.js'
import { checkToolCallView } from './check-tool-call-view.js'
import { isToolCallView } from './is-tool-call-view.js'
import { presentCallSafely } from './present-call-safely.js'
import type { PresentableTool } from './presentable-tool.js'
import type { ToolCallView } from './tool-call-view.js'

/** Whether `value` and everything in it is frozen. */
function isDeepFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true
  return Object.isFrozen(value) && Object.values(value).every(isDeepFrozen)
}

const args = { command: 'rm -rf build', options: { force: true } }

describe('presentCallSafely with a valid view', () => {
  it.each(validCallViews)('returns %s as an equal copy', (_label, view) => {
    const shown = presentCallSafely(
      toolWith('presentCall', () => view),
      args,
    )
    expect(shown).toEqual(view)
    expect(shown).not.toBe(view)
  })

  it('calls the presenter once, with the args and the tool as `this`', () => {
    const tool = {
      name: 'shell',
      presentCall: vi.fn(function (this: unknown, received: unknown): ToolCallView {
        expect(this).toBe(tool)
        expect(received).toBe(args)
        return { card: 'terminal', title: 'ls' }
      }),
    }
    presentCallSafely(tool, args)
    expect(tool.presentCall).toHaveBeenCalledTimes(1)
    expect(tool.presentCall).toHaveBeenCalledWith(args)
  })

  it('returns a detached, deep-frozen copy that later plugin mutation cannot change', () => {
    const view = {
      card: 'diff' as const,
      title: 'edit a.ts',
      diffs: [{ path: 'a.ts', oldText: 'a\n' as string | null, newText: 'b\n' }],
      locations: [{ path: 'a.ts', line: 1 }],
    }
    const shown = presentCallSafely(
      toolWith('presentCall', () => view),
      args,
    )
    view.title = 'changed'
    view.diffs[0]!.newText = 'evil\n'
    view.locations.push({ path: 'b.ts', line: 2 })
    expect(shown).toEqual({
      card: 'diff',
      title: 'edit a.ts',
      diffs: [{ path: 'a.ts', oldText: 'a\n', newText: 'b\n' }],
      locations: [{ path: 'a.ts', line: 1 }],
    })
    expect(isDeepFrozen(shown)).toBe(true)
  })

  it('copies what a getter returned on its one read', () => {
    let reads = 0
    const view = {
      card: 'terminal',
      get title() {
        reads++
        return `command #${reads}`
      },
    }
    const shown = presentCallSafely(
      toolWith('presentCall', () => view),
      args,
    )
    expect(shown.title).toBe('command #1')
    expect(shown.title).toBe('command #1')
    expect(reads).toBe(1)
  })

  it('drops members present as undefined from the copy', () => {
    const shown = presentCallSafely(
      toolWith('presentCall', () => ({ card: 'terminal', title: 'ls', cwd: undefined })),
      args,
    )
    expect(Object.keys(shown)).toEqual(['card', 'title'])
  })

  it('keeps a __proto__ key of rawInput as data', () => {
    const rawInput: unknown = JSON.parse('{"__proto__":{"polluted":true}}')
    const shown = presentCallSafely(
      toolWith('presentCall', () => ({ card: 'generic', title: 't', rawInput })),
      args,
    )
    expect(shown.card === 'generic' && Object.keys(shown.rawInput as object)).toEqual(['__proto__'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('presentCallSafely falls back to the generic card', () => {
  const fallback = { card: 'generic', title: 'shell', kind: 'other', rawInput: args }

  it('without a presenter', () => {
    expect(presentCallSafely({ name: 'shell' }, args)).toEqual(fallback)
  })

  it.each(brokenPresenters())('when the presenter %s', async (_label, presenter) => {
    const shown = presentCallSafely(toolWith('presentCall', presenter), args)
    expect(shown).toEqual(fallback)
    expect(isToolCallView(shown)).toBe(true)
    expect(isDeepFrozen(shown)).toBe(true)
    await Promise.resolve()
  })

  it('when reading presentCall throws', () => {
    const tool = {
      name: 'shell',
      get presentCall(): never {
        throw new Error('getter')
      },
    }
    expect(presentCallSafely(tool, args)).toEqual(fallback)
  })

  it('when an async presenter rejects, without an unhandled rejection', async () => {
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    try {
      const tool = toolWith('presentCall', async () => {
        await Promise.resolve()
        throw new Error('async presenter')
      })
      expect(presentCallSafely(tool, args)).toEqual(fallback)
      await new Promise((resolve) => setTimeout(resolve, 10))
      expect(unhandled).not.toHaveBeenCalled()
    } finally {
      process.off('unhandledRejection', unhandled)
    }
  })

  it('with rawInput a detached, frozen copy of the args', () => {
    const mutable = { path: 'a.ts', edits: [{ line: 1 }] }
    const shown = presentCallSafely({ name: 'edit' }, mutable)
    mutable.edits[0]!.line = 99
    expect(shown).toEqual({
      card: 'generic',
      title: 'edit',
      kind: 'other',
      rawInput: { path: 'a.ts', edits: [{ line: 1 }] },
    })
    expect(isDeepFrozen(shown)).toBe(true)
    expect(Object.isFrozen(mutable)).toBe(false)
  })

  it.each([
    ['undefined', undefined],
    ['a function', () => 1],
    [
      'a cycle',
      (() => {
        const cyclic: Record<string, unknown> = {}
        cyclic.self = cyclic
        return cyclic
      })(),
    ],
    ['NaN inside', { n: Number.NaN }],
    [
      'a throwing getter',
      {
        get path(): string {
          throw new Error('getter')
        },
      },
    ],
    ['a revoked Proxy', revokedProxy()],
  ])('without rawInput when the args are %s', (_label, value) => {
    expect(presentCallSafely({ name: 'edit' }, value)).toEqual({
      card: 'generic',
      title: 'edit',
      kind: 'other',
    })
  })

  /** Arguments `depth` containers deep: `{ a: { a: … { a: 1 } } }`. */
  function nestedArgs(depth: number): unknown {
    let value: unknown = 1
    for (let level = 0; level < depth; level++) value = { a: value }
    return value
  }

  it('that is itself a valid card, whatever the depth of the args (the card counts as a level)', () => {
    // The card is one container and rawInput another below it: arguments 511 containers deep
    // are the deepest a card can hold; 512 (the deepest JSON snapshot) no longer fit.
    for (const depth of [510, 511, 512, 513, 100_000]) {
      const shown = presentCallSafely({ name: 'deep' }, nestedArgs(depth))
      expect(checkToolCallView(shown)).toEqual([])
      expect(isToolCallView(shown)).toBe(true)
      expect('rawInput' in shown).toBe(depth <= 511)
    }
  })

  it('with scalar args kept as rawInput', () => {
    expect(presentCallSafely({ name: 'echo' }, 'hi')).toEqual({
      card: 'generic',
      title: 'echo',
      kind: 'other',
      rawInput: 'hi',
    })
    expect(presentCallSafely({ name: 'echo' }, null)).toEqual({
      card: 'generic',
      title: 'echo',
      kind: 'other',
      rawInput: null,
    })
  })

  it.each([
    [
      'a name getter that throws',
      {
        get name(): string {
          throw new Error('name')
        },
      },
    ],
    ['a name that is not a string', { name: 42 }],
    ['null', null],
    ['undefined', undefined],
    ['a number', 7],
    ['a Proxy whose traps throw', throwingProxy({ name: 'x' }, new Error('trap'))],
    ['a revoked Proxy', revokedProxy()],
  ])('titled <unnamed tool> for a tool that is %s', (_label, tool) => {
    expect(presentCallSafely(tool as unknown as PresentableTool, { a: 1 })).toEqual({
      card: 'generic',
      title: '<unnamed tool>',
      kind: 'other',
      rawInput: { a: 1 },
    })
  })

  it('and leaves a valid view from a well-behaved presenter alone', () => {
    expect(presentCallSafely(shellTool, { command: 'ls' })).toEqual({
      card: 'terminal',
      title: 'ls',
    })
    expect(presentCallSafely(shellTool, { cmd: 'ls' })).toEqual({
      card: 'generic',
      title: 'shell',
      kind: 'other',
      rawInput: { cmd: 'ls' },
    })
  })
})
