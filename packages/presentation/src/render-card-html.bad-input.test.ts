import { describe, expect, it } from 'vitest'
import { CardHtmlError } from './card-html-error.js'
import { renderCardHtml } from './render-card-html.js'
import type { ToolCallView } from './tool-call-view.js'

/** `renderCardHtml` given a view that is not a card, or options it cannot use. */

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
