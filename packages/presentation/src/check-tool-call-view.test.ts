import fc from 'fast-check'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { arbitraryCallView, toolCallKinds, validCallViews } from './__fixtures__/views.js'
import { oneMistakeCallViews } from './__fixtures__/one-mistake-call-views.js'
import { checkToolCallView } from './check-tool-call-view.js'
import { isToolCallView } from './is-tool-call-view.js'

/** `checkToolCallView`: the views it accepts, and every mistake it reports. */

describe('checkToolCallView accepts', () => {
  it.each(validCallViews)('%s', (_label, view) => {
    expect(checkToolCallView(view)).toEqual([])
    expect(isToolCallView(view)).toBe(true)
  })

  it.each(toolCallKinds)('the kind %s', (kind) => {
    expect(checkToolCallView({ card: 'generic', title: 't', kind })).toEqual([])
  })

  it('optional members present as undefined, as absent ones', () => {
    const view = { card: 'terminal', title: 'ls', cwd: undefined, description: undefined }
    expect(checkToolCallView(view)).toEqual([])
    const location = {
      card: 'diff',
      title: 't',
      diffs: [],
      locations: [{ path: 'a', line: undefined }],
    }
    expect(checkToolCallView(location)).toEqual([])
    // An unknown member present as undefined is absent too: nothing to refuse.
    expect(checkToolCallView({ card: 'generic', title: 't', Title: undefined })).toEqual([])
  })

  it('null-prototype objects and plain data from another realm', () => {
    const view = Object.assign(Object.create(null) as object, { card: 'generic', title: 't' })
    expect(checkToolCallView(view)).toEqual([])
    const foreign: unknown = runInNewContext(
      '({ card: "diff", title: "t", diffs: [{ path: "a", oldText: null, newText: "x" }] })',
    )
    expect(checkToolCallView(foreign)).toEqual([])
  })

  it('a content block of a kind added by declaration merging, when it is JSON data', () => {
    const content = [{ type: 'resource-link', uri: 'file:///a.ts', meta: { size: 3 } }]
    expect(checkToolCallView({ card: 'generic', title: 't', content })).toEqual([])
  })

  it('extra JSON members on a core content block', () => {
    const content = [{ type: 'text', text: 'hi', cacheControl: { type: 'ephemeral' } }]
    expect(checkToolCallView({ card: 'generic', title: 't', content })).toEqual([])
  })

  it('any valid card (property)', () => {
    fc.assert(
      fc.property(arbitraryCallView, (view) => checkToolCallView(view).length === 0),
      { numRuns: 200 },
    )
  })
})

describe('checkToolCallView refuses', () => {
  it.each([
    ['null', null, 'null'],
    ['a string', 'generic', 'string'],
    ['a number', 42, 'number'],
    ['undefined', undefined, 'undefined'],
    ['an array', [{ card: 'generic', title: 't' }], 'array'],
    ['a function', () => ({ card: 'generic', title: 't' }), 'a function'],
    ['a Map', new Map([['card', 'generic']]), 'an instance of Map'],
    [
      'a class instance',
      new (class Card {
        card = 'generic'
        title = 't'
      })(),
      'an instance of Card',
    ],
  ])('%s as the view', (_label, value, received) => {
    expect(checkToolCallView(value)).toEqual([
      {
        code: 'not_object',
        path: [],
        message: `the view must be a plain object, got ${received}`,
        expected: 'object',
        received,
      },
    ])
    expect(isToolCallView(value)).toBe(false)
  })

  it.each(oneMistakeCallViews)('%s', (_label, view, code, path) => {
    const issues = checkToolCallView(view)
    expect(issues).toHaveLength(1)
    expect(issues[0]).toMatchObject({ code, path })
    expect(isToolCallView(view)).toBe(false)
  })

  it('with messages that name the place and what was wrong', () => {
    const message = (view: unknown) => checkToolCallView(view).map((issue) => issue.message)
    expect(message({ card: 'generic', title: 't', locations: [{ path: 'a', line: 0 }] })).toEqual([
      '"locations[0].line" must be a positive integer, got 0',
    ])
    expect(message({ card: 'table' })).toEqual([
      '"card" must be one of "generic", "terminal", "diff", got "table"',
    ])
    expect(message({ card: 'terminal', title: 't', Cwd: '/' })).toEqual([
      '"Cwd" is not a property of a terminal call card',
    ])
    expect(message({ card: 'diff', title: 't' })).toEqual(['missing required property "diffs"'])
    expect(message({ card: 'generic', title: 1 })).toEqual(['"title" must be a string, got number'])
    expect(message({ card: 'generic', title: 't', rawInput: { a: [1, Number.NaN] } })).toEqual([
      '"rawInput.a[1]" is not JSON data: NaN is not a finite number',
    ])
  })

  it('listing every issue, not only the first', () => {
    const view = {
      card: 'diff',
      title: 5,
      diffs: [{ path: 'a', oldText: null, newText: 1 }, 'b.ts'],
      locations: [{ path: '', line: 0 }],
      exitcode: 0,
    }
    expect(checkToolCallView(view).map((issue) => [issue.code, issue.path])).toEqual([
      ['invalid_type', ['title']],
      ['invalid_type', ['diffs', 0, 'newText']],
      ['invalid_type', ['diffs', 1]],
      ['invalid_value', ['locations', 0, 'path']],
      ['invalid_value', ['locations', 0, 'line']],
      ['unknown_property', ['exitcode']],
    ])
  })

  it('a __proto__ member, without touching any prototype', () => {
    const view: unknown = JSON.parse('{"card":"generic","title":"t","__proto__":{"kind":"read"}}')
    expect(checkToolCallView(view)).toMatchObject([
      { code: 'unknown_property', path: ['__proto__'] },
    ])
    expect(({} as Record<string, unknown>).kind).toBeUndefined()
  })

  it('a sparse array, reported once at the array', () => {
    const locations: unknown[] = [{ path: 'a' }]
    locations.length = 1_000_000_000
    expect(checkToolCallView({ card: 'generic', title: 't', locations })).toEqual([
      {
        code: 'not_json',
        path: ['locations'],
        message: '"locations" is a sparse array: index 1 is a hole',
      },
    ])
  })
})
