import fc from 'fast-check'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import {
  arbitraryCallView,
  deeplyNestedContent,
  everyCoreBlock,
  revokedProxy,
  throwingProxy,
  toolCallKinds,
  validCallViews,
} from './__fixtures__/views.js'
import { checkToolCallView } from './check-tool-call-view.js'
import { isToolCallView } from './is-tool-call-view.js'

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

  it.each([
    ['a missing card', { title: 't' }, 'missing', ['card']],
    ['an unknown card', { card: 'table', title: 't' }, 'invalid_value', ['card']],
    ['a card that is not a string', { card: 1, title: 't' }, 'invalid_type', ['card']],
    ['a generic card without title', { card: 'generic' }, 'missing', ['title']],
    ['a terminal card without title', { card: 'terminal', cwd: '/' }, 'missing', ['title']],
    ['a title that is not a string', { card: 'generic', title: 7 }, 'invalid_type', ['title']],
    ['a null title', { card: 'terminal', title: null }, 'invalid_type', ['title']],
    ['an unknown kind', { card: 'generic', title: 't', kind: 'write' }, 'invalid_value', ['kind']],
    [
      'a typo in a member name',
      { card: 'generic', title: 't', Kind: 'read' },
      'unknown_property',
      ['Kind'],
    ],
    [
      'a diff member on a terminal card',
      { card: 'terminal', title: 't', diffs: [] },
      'unknown_property',
      ['diffs'],
    ],
    [
      'a kind on a diff card',
      { card: 'diff', title: 't', diffs: [], kind: 'edit' },
      'unknown_property',
      ['kind'],
    ],
    [
      'a cwd that is not a string',
      { card: 'terminal', title: 't', cwd: 1 },
      'invalid_type',
      ['cwd'],
    ],
    [
      'a description that is null',
      { card: 'terminal', title: 't', description: null },
      'invalid_type',
      ['description'],
    ],
    ['a diff card without diffs', { card: 'diff', title: 't' }, 'missing', ['diffs']],
    [
      'diffs that are not an array',
      { card: 'diff', title: 't', diffs: {} },
      'invalid_type',
      ['diffs'],
    ],
    [
      'a diff that is not an object',
      { card: 'diff', title: 't', diffs: ['a.ts'] },
      'invalid_type',
      ['diffs', 0],
    ],
    [
      'a diff without oldText',
      { card: 'diff', title: 't', diffs: [{ path: 'a', newText: '' }] },
      'missing',
      ['diffs', 0, 'oldText'],
    ],
    [
      'a diff with a numeric oldText',
      { card: 'diff', title: 't', diffs: [{ path: 'a', oldText: 1, newText: '' }] },
      'invalid_type',
      ['diffs', 0, 'oldText'],
    ],
    [
      'a diff with a null newText',
      { card: 'diff', title: 't', diffs: [{ path: 'a', oldText: null, newText: null }] },
      'invalid_type',
      ['diffs', 0, 'newText'],
    ],
    [
      'a diff with an empty path',
      { card: 'diff', title: 't', diffs: [{ path: '', oldText: null, newText: '' }] },
      'invalid_value',
      ['diffs', 0, 'path'],
    ],
    [
      'a diff with an unknown member',
      { card: 'diff', title: 't', diffs: [{ path: 'a', oldText: null, newText: '', mode: 1 }] },
      'unknown_property',
      ['diffs', 0, 'mode'],
    ],
    [
      'locations that are not an array',
      { card: 'generic', title: 't', locations: 'a.ts' },
      'invalid_type',
      ['locations'],
    ],
    [
      'a location without path',
      { card: 'generic', title: 't', locations: [{ line: 1 }] },
      'missing',
      ['locations', 0, 'path'],
    ],
    [
      'a location with line 0',
      { card: 'generic', title: 't', locations: [{ path: 'a', line: 0 }] },
      'invalid_value',
      ['locations', 0, 'line'],
    ],
    [
      'a location with a negative line',
      { card: 'diff', title: 't', diffs: [], locations: [{ path: 'a', line: -3 }] },
      'invalid_value',
      ['locations', 0, 'line'],
    ],
    [
      'a location with a fractional line',
      { card: 'generic', title: 't', locations: [{ path: 'a', line: 1.5 }] },
      'invalid_value',
      ['locations', 0, 'line'],
    ],
    [
      'a location with line NaN',
      { card: 'generic', title: 't', locations: [{ path: 'a', line: Number.NaN }] },
      'invalid_value',
      ['locations', 0, 'line'],
    ],
    [
      'a location with an unsafe line',
      { card: 'generic', title: 't', locations: [{ path: 'a', line: 2 ** 53 }] },
      'invalid_value',
      ['locations', 0, 'line'],
    ],
    [
      'a location with a string line',
      { card: 'generic', title: 't', locations: [{ path: 'a', line: '3' }] },
      'invalid_type',
      ['locations', 0, 'line'],
    ],
    [
      'a location with a typo',
      { card: 'generic', title: 't', locations: [{ path: 'a', lnie: 3 }] },
      'unknown_property',
      ['locations', 0, 'lnie'],
    ],
    [
      'content that is not an array',
      { card: 'generic', title: 't', content: 'hi' },
      'invalid_type',
      ['content'],
    ],
    [
      'a block without type',
      { card: 'generic', title: 't', content: [{ text: 'hi' }] },
      'missing',
      ['content', 0, 'type'],
    ],
    [
      'a block whose type is not a string',
      { card: 'generic', title: 't', content: [{ type: 1 }] },
      'invalid_type',
      ['content', 0, 'type'],
    ],
    [
      'a block with an empty type',
      { card: 'generic', title: 't', content: [{ type: '' }] },
      'invalid_value',
      ['content', 0, 'type'],
    ],
    [
      'a text block without text',
      { card: 'generic', title: 't', content: [{ type: 'text' }] },
      'missing',
      ['content', 0, 'text'],
    ],
    [
      'a reasoning block with numeric text',
      { card: 'generic', title: 't', content: [{ type: 'reasoning', text: 1 }] },
      'invalid_type',
      ['content', 0, 'text'],
    ],
    [
      'an image block without mimeType',
      { card: 'generic', title: 't', content: [{ type: 'image', data: '' }] },
      'missing',
      ['content', 0, 'mimeType'],
    ],
    [
      'a tool-call block with parsed arguments',
      {
        card: 'generic',
        title: 't',
        content: [{ type: 'tool-call', id: 'c', name: 'n', arguments: {} }],
      },
      'invalid_type',
      ['content', 0, 'arguments'],
    ],
    [
      'a tool-result block without content',
      { card: 'generic', title: 't', content: [{ type: 'tool-result', toolCallId: 'c' }] },
      'missing',
      ['content', 0, 'content'],
    ],
    [
      'a tool-result block with a string isError',
      {
        card: 'generic',
        title: 't',
        content: [{ type: 'tool-result', toolCallId: 'c', content: [], isError: 'yes' }],
      },
      'invalid_type',
      ['content', 0, 'isError'],
    ],
    [
      'an invalid block inside a tool result',
      {
        card: 'generic',
        title: 't',
        content: [{ type: 'tool-result', toolCallId: 'c', content: [{ type: 'text', text: 1 }] }],
      },
      'invalid_type',
      ['content', 0, 'content', 0, 'text'],
    ],
    [
      'a rawInput with NaN',
      { card: 'generic', title: 't', rawInput: { a: [1, Number.NaN] } },
      'not_json',
      ['rawInput'],
    ],
    [
      'a rawInput that is a Map',
      { card: 'generic', title: 't', rawInput: new Map() },
      'not_json',
      ['rawInput'],
    ],
    [
      'a rawInput with a bigint',
      { card: 'generic', title: 't', rawInput: { n: 1n } },
      'not_json',
      ['rawInput'],
    ],
    [
      'an extension block with a function member',
      { card: 'generic', title: 't', content: [{ type: 'x', run: () => 1 }] },
      'not_json',
      ['content', 0, 'run'],
    ],
    [
      'an array subclass as locations',
      { card: 'generic', title: 't', locations: new (class Locations extends Array {})() },
      'invalid_type',
      ['locations'],
    ],
  ])('%s', (_label, view, code, path) => {
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

describe('checkToolCallView on hostile values', () => {
  it('reports a throwing getter instead of throwing', () => {
    const view = {
      card: 'generic',
      get title(): string {
        throw new Error('boom')
      },
    }
    expect(checkToolCallView(view)).toEqual([
      { code: 'not_json', path: ['title'], message: '"title" could not be read: boom' },
    ])
  })

  it('reports a getter that throws a non-Error, or something unprintable', () => {
    const throwing = (thrown: unknown) => ({
      card: 'terminal',
      title: 't',
      get cwd(): string {
        throw thrown
      },
    })
    expect(checkToolCallView(throwing('nope'))[0]?.message).toBe('"cwd" could not be read: nope')
    const unprintable = {
      toString: () => {
        throw new Error('no')
      },
      get message() {
        throw new Error('no')
      },
    }
    expect(checkToolCallView(throwing(unprintable))[0]?.message).toBe(
      '"cwd" could not be read: <unprintable thrown value>',
    )
  })

  it('reads each getter once', () => {
    let reads = 0
    const view = {
      card: 'generic',
      get title() {
        reads++
        return 't'
      },
    }
    expect(isToolCallView(view)).toBe(true)
    expect(reads).toBe(1)
  })

  it.each([
    [
      'a Proxy whose traps throw',
      throwingProxy({ card: 'generic', title: 't' }, new Error('trap')),
    ],
    ['a Proxy whose traps throw a non-Error', throwingProxy({}, Symbol('trap'))],
    ['a revoked Proxy', revokedProxy()],
  ])('%s as the view', (_label, view) => {
    const issues = checkToolCallView(view)
    expect(issues).toMatchObject([{ code: 'not_json', path: [] }])
    expect(isToolCallView(view)).toBe(false)
  })

  it('a Proxy deep inside, and a getter inside rawInput', () => {
    const locations = [throwingProxy({ path: 'a' }, new Error('trap'))]
    expect(checkToolCallView({ card: 'generic', title: 't', locations })).toMatchObject([
      {
        code: 'not_json',
        path: ['locations', 0],
        message: '"locations[0]" could not be read: trap',
      },
    ])
    const rawInput = {
      get path(): string {
        throw new Error('getter')
      },
    }
    expect(checkToolCallView({ card: 'generic', title: 't', rawInput })).toMatchObject([
      { code: 'not_json', path: ['rawInput'], message: '"rawInput" could not be read: getter' },
    ])
  })

  it('accepts a well-behaved Proxy over a plain view', () => {
    expect(isToolCallView(new Proxy({ card: 'generic', title: 't' }, {}))).toBe(true)
  })

  it('cycles in rawInput and in content', () => {
    const rawInput: Record<string, unknown> = {}
    rawInput.self = rawInput
    expect(checkToolCallView({ card: 'generic', title: 't', rawInput })).toMatchObject([
      { code: 'not_json', path: ['rawInput'] },
    ])
    const content: unknown[] = []
    content.push({ type: 'tool-result', toolCallId: 'c', content })
    const issues = checkToolCallView({ card: 'generic', title: 't', content })
    expect(issues).toHaveLength(1)
    expect(issues[0]).toMatchObject({ code: 'not_json' })
    expect(issues[0]?.message).toMatch(/is nested deeper than 512 containers$/)
  })

  it('content nested 100,000 levels deep, without overflowing the stack', () => {
    const issues = checkToolCallView({
      card: 'generic',
      title: 't',
      content: deeplyNestedContent(100_000),
    })
    expect(issues).toHaveLength(1)
    expect(issues[0]?.code).toBe('not_json')
  })

  it('content nested within the limit', () => {
    const view = { card: 'generic', title: 't', content: deeplyNestedContent(200) }
    expect(checkToolCallView(view)).toEqual([])
  })

  it('never throws, and agrees with isToolCallView, whatever the value (property)', () => {
    const member = fc.oneof(fc.anything(), fc.constantFrom('generic', 'terminal', 'diff'))
    const viewish = fc.oneof(
      fc.anything(),
      fc.dictionary(
        fc.constantFrom('card', 'title', 'kind', 'diffs', 'locations', 'content', 'cwd'),
        member,
      ),
    )
    fc.assert(
      fc.property(viewish, (value) => {
        const issues = checkToolCallView(value)
        return isToolCallView(value) === (issues.length === 0)
      }),
      { numRuns: 300 },
    )
  })

  it('keeps the core block kinds exhaustive in its fixtures', () => {
    expect(new Set(everyCoreBlock.map((block) => block.type))).toEqual(
      new Set(['text', 'reasoning', 'image', 'tool-call', 'tool-result']),
    )
  })
})
